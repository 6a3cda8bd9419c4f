// The app shell: left navigation (Business Tools > SDK Connections, Tools, Console, Inspector,
// Local connectors), the boot sequence, and the event subscriptions every screen relies on.

import { lazy, Suspense, useEffect } from 'react';
import { useUiStore } from './store/ui/action.ts';
import type { RouteName } from './store/ui/initialState.ts';
import { useConnectionsStore } from './store/connections/action.ts';
import { useLocalStore } from './store/local/action.ts';
import { ErrorNote } from './components/ErrorNote.tsx';
import { KeyboardShortcuts, ShortcutsButton } from './components/Shortcuts.tsx';
import { ConnectionsScreen } from './features/connections/ConnectionsScreen.tsx';
import { ToolsScreen } from './features/tools/ToolsScreen.tsx';
import { ConsoleScreen } from './features/console/ConsoleScreen.tsx';
import { InspectorScreen } from './features/inspector/InspectorScreen.tsx';
import { LocalScreen } from './features/local/LocalScreen.tsx';

// Run panels load on first visit: they are not part of the first screen.
const ConformanceScreen = lazy(() =>
  import('./features/conformance/ConformanceScreen.tsx').then((m) => ({ default: m.ConformanceScreen })),
);
const DemoScreen = lazy(() =>
  import('./features/demo/DemoScreen.tsx').then((m) => ({ default: m.DemoScreen })),
);
const RotationScreen = lazy(() =>
  import('./features/rotation/RotationScreen.tsx').then((m) => ({ default: m.RotationScreen })),
);
const HistoryScreen = lazy(() =>
  import('./features/history/HistoryScreen.tsx').then((m) => ({ default: m.HistoryScreen })),
);
const LiveTrafficScreen = lazy(() =>
  import('./features/live-traffic/LiveTrafficScreen.tsx').then((m) => ({ default: m.LiveTrafficScreen })),
);
const ScenariosScreen = lazy(() =>
  import('./features/scenarios/ScenariosScreen.tsx').then((m) => ({ default: m.ScenariosScreen })),
);
const LoadScreen = lazy(() =>
  import('./features/load/LoadScreen.tsx').then((m) => ({ default: m.LoadScreen })),
);

const NAV: Array<{ name: RouteName; label: string; group?: string }> = [
  { name: 'business-tools', label: 'SDK Connections', group: 'Business Tools' },
  { name: 'tools', label: 'Tools' },
  { name: 'console', label: 'Console' },
  { name: 'inspector', label: 'Inspector' },
  { name: 'history', label: 'History' },
  { name: 'local', label: 'Local connectors' },
  { name: 'conformance', label: 'Conformance' },
  { name: 'load', label: 'Load' },
  { name: 'scenarios', label: 'Scenarios' },
  { name: 'demo', label: 'Demo' },
  { name: 'rotation', label: 'Rotation' },
  { name: 'live-traffic', label: 'Live traffic' },
];

export function App() {
  const appState = useUiStore((s) => s.appState);
  const route = useUiStore((s) => s.route);
  const bootError = useUiStore((s) => s.bootError);
  const info = useUiStore((s) => s.info);

  useEffect(() => {
    void useUiStore.getState().boot();
    const onHash = () => useUiStore.getState().syncFromHash();
    window.addEventListener('popstate', onHash);
    window.addEventListener('hashchange', onHash);
    const offs = [useConnectionsStore.getState().listen(), useLocalStore.getState().listen()];
    return () => {
      window.removeEventListener('popstate', onHash);
      window.removeEventListener('hashchange', onHash);
      offs.forEach((off) => off());
    };
  }, []);

  useEffect(() => {
    document.body.dataset.appState = appState;
    document.getElementById('root')!.dataset.appState = appState;
  }, [appState]);

  return (
    <div className="shell">
      <nav className="shell__nav" aria-label="Main">
        <div className="shell__nav-inner">
          <div className="shell__brand">Connector Testbench</div>
          <ul>
            {NAV.map((item) => (
              <li key={item.name}>
                {item.group && <div className="shell__group">{item.group}</div>}
                <a
                  href={`#/${item.name}`}
                  data-testid={`nav-${item.name}`}
                  className={item.group ? 'shell__link shell__link--nested' : 'shell__link'}
                  aria-current={route.name === item.name ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    useUiStore.getState().navigate({ name: item.name });
                  }}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="shell__foot" data-testid="app-info">
            {info ? (
              <>
                <span>v{info.version}</span> · <span>{info.mode}</span> ·{' '}
                <span title="SSRF policy for webhook URLs">SSRF {info.ssrfMode}</span>
              </>
            ) : (
              <span className="muted">connecting…</span>
            )}
          </div>
          <ShortcutsButton />
        </div>
      </nav>
      <main className="shell__main">
        {bootError && (
          <div className="shell__banner">
            <ErrorNote error={bootError} testId="boot-error" prefix="The engine could not be reached" />
          </div>
        )}
        {appState === 'ready' && <Screen name={route.name} param={route.param} />}
      </main>
      <KeyboardShortcuts />
    </div>
  );
}

function Screen({ name, param }: { name: RouteName; param?: string }) {
  switch (name) {
    case 'business-tools':
      return <ConnectionsScreen />;
    case 'tools':
      return <ToolsScreen />;
    case 'console':
      return <ConsoleScreen />;
    case 'inspector':
      return <InspectorScreen param={param} />;
    case 'local':
      return <LocalScreen />;
    case 'history':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <HistoryScreen />
        </Suspense>
      );
    case 'conformance':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <ConformanceScreen />
        </Suspense>
      );
    case 'load':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <LoadScreen />
        </Suspense>
      );
    case 'live-traffic':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <LiveTrafficScreen />
        </Suspense>
      );
    case 'scenarios':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <ScenariosScreen />
        </Suspense>
      );
    case 'demo':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <DemoScreen />
        </Suspense>
      );
    case 'rotation':
      return (
        <Suspense fallback={<div className="muted">Loading…</div>}>
          <RotationScreen />
        </Suspense>
      );
  }
}
