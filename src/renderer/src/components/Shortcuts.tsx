// The keyboard layer of the shell: one window key listener matching the declared shortcuts (never
// while typing in a field or Monaco), and the help panel listing them, opened with ? or a button.

import { Fragment, useEffect, useRef } from 'react';
import { SEQUENCE_TIMEOUT_MS, isTypingTarget, keyCaps, matchKey } from '../lib/shortcuts.ts';
import { useShortcutsStore } from '../store/shortcuts/action.ts';
import { shortcutGroups } from '../store/shortcuts/selectors.ts';
import './shortcuts.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function KeyboardShortcuts() {
  useEffect(() => {
    let pending: string[] = [];
    let pendingAt = 0;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
      const helpOpen = useShortcutsStore.getState().helpOpen;
      if (isTypingTarget(e.target) && !(helpOpen && e.key === 'Escape')) return;
      if (Date.now() - pendingAt > SEQUENCE_TIMEOUT_MS) pending = [];
      const match = matchKey(pending, e.key);
      if (match && 'prefix' in match) {
        pending = [...pending, e.key];
        pendingAt = Date.now();
        e.preventDefault();
        return;
      }
      pending = [];
      if (!match) return;
      // While the help is open only its own keys apply: it covers the screen.
      if (helpOpen && match.shortcut.action.kind !== 'close-panel') return;
      if (useShortcutsStore.getState().perform(match.shortcut.action)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return <ShortcutsHelp />;
}

export function ShortcutsButton() {
  return (
    <button
      type="button"
      className="shortcuts-button"
      data-testid="shortcuts-open"
      title="Keyboard shortcuts (?)"
      onClick={() => useShortcutsStore.getState().openHelp()}
    >
      Keyboard shortcuts <kbd>?</kbd>
    </button>
  );
}

function ShortcutsHelp() {
  const open = useShortcutsStore((s) => s.helpOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    if (open) {
      returnTo.current = document.activeElement;
      closeRef.current?.focus();
    } else if (returnTo.current instanceof HTMLElement) {
      returnTo.current.focus();
    }
  }, [open]);

  if (!open) return null;
  const close = () => useShortcutsStore.getState().closeHelp();
  return (
    <div className="shortcuts-backdrop" onClick={close} data-testid="shortcuts-backdrop">
      <div
        className="shortcuts-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        data-testid="shortcuts-help"
        onClick={(e) => e.stopPropagation()}
      >
        <header className="shortcuts-dialog__head">
          <h3 id="shortcuts-title">Keyboard shortcuts</h3>
          <button
            ref={closeRef}
            type="button"
            className="btn btn--small"
            data-testid="shortcuts-close"
            onClick={close}
          >
            Close <kbd>Esc</kbd>
          </button>
        </header>
        <p className="muted small">Shortcuts do not fire while you type in a field or an editor.</p>
        <div className="shortcuts-groups">
          {shortcutGroups().map(({ group, items }) => (
            <section key={group}>
              <h4>{group}</h4>
              <dl className="shortcuts-list">
                {items.map((s) => (
                  <Fragment key={s.keys.join(' ')}>
                    <dt data-testid="shortcut-keys">
                      {s.keys.map((k, i) => (
                        <Fragment key={i}>
                          {i > 0 && (
                            <span className="shortcuts-then">{s.keys[0] === 'Mod' ? '+' : 'then'}</span>
                          )}
                          <kbd>{keyCaps(k, isMac)}</kbd>
                        </Fragment>
                      ))}
                    </dt>
                    <dd data-testid="shortcut-label">
                      {s.label}
                      {s.where && <span className="shortcuts-where">{s.where}</span>}
                    </dd>
                  </Fragment>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
