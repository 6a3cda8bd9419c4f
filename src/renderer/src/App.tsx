// The app shell: left navigation (Business Tools > SDK Connections, Tools, Console, Inspector,
// Local connectors), the boot sequence, and the event subscriptions every screen relies on.

import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
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
import { ThemeSwitch } from './components/ThemeSwitch.tsx';
import { routeToHash } from './lib/route.ts';

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

const lazily = (node: ReactNode) => (
  <Suspense fallback={<div className="muted">Loading…</div>}>{node}</Suspense>
);

/** One entry per screen: its route name, its place in the navigation, and what it renders. */
const SCREENS: Array<{
  name: RouteName;
  label: string;
  group?: string;
  render: (param?: string) => ReactNode;
}> = [
  {
    name: 'business-tools',
    label: 'SDK Connections',
    group: 'Business Tools',
    render: () => <ConnectionsScreen />,
  },
  { name: 'tools', label: 'Tools', render: () => <ToolsScreen /> },
  { name: 'console', label: 'Console', render: () => <ConsoleScreen /> },
  { name: 'inspector', label: 'Inspector', render: (param) => <InspectorScreen param={param} /> },
  { name: 'history', label: 'History', render: () => lazily(<HistoryScreen />) },
  { name: 'local', label: 'Local connectors', render: () => <LocalScreen /> },
  { name: 'conformance', label: 'Conformance', render: () => lazily(<ConformanceScreen />) },
  { name: 'load', label: 'Load', render: () => lazily(<LoadScreen />) },
  { name: 'scenarios', label: 'Scenarios', render: () => lazily(<ScenariosScreen />) },
  { name: 'demo', label: 'Demo', render: () => lazily(<DemoScreen />) },
  { name: 'rotation', label: 'Rotation', render: () => lazily(<RotationScreen />) },
  { name: 'live-traffic', label: 'Live traffic', render: () => lazily(<LiveTrafficScreen />) },
];

export function App() {
  const appState = useUiStore((s) => s.appState);
  const route = useUiStore((s) => s.route);
  const bootError = useUiStore((s) => s.bootError);
  const info = useUiStore((s) => s.info);

  useEffect(() => {
    // A platform URL (/app/organization/sdk-connections, redirected by the server to its hash) shows
    // as the canonical address of the screen it lands on.
    const canonical = routeToHash(useUiStore.getState().route);
    if (window.location.hash && window.location.hash !== canonical)
      window.history.replaceState(null, '', canonical);
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
            {SCREENS.map((item) => (
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
          <ThemeSwitch />
          <ShortcutsButton />
        </div>
      </nav>
      <main className="shell__main">
        {bootError && (
          <div className="shell__banner">
            <ErrorNote error={bootError} testId="boot-error" prefix="The engine could not be reached" />
          </div>
        )}
        {appState === 'ready' && (
          <div className="shell__screen" data-route={route.name}>
            {(SCREENS.find((screen) => screen.name === route.name) ?? SCREENS[0]).render(route.param)}
          </div>
        )}
      </main>
      <KeyboardShortcuts />
    </div>
  );
}
