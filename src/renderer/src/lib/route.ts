// Hash routes (`#/console`, `#/inspector/12`): they survive a reload and work from the Electron
// file page too. The old platform route redirects to Business Tools (protocol.md 4.2).

import type { Route, RouteName } from '../store/ui/initialState.ts';

/** Every screen, in the navigation's order: deep links, the layout checks and the screenshots walk this list. */
export const SCREENS: readonly RouteName[] = [
  'business-tools',
  'tools',
  'console',
  'inspector',
  'history',
  'local',
  'conformance',
  'load',
  'scenarios',
  'demo',
  'rotation',
  'live-traffic',
];

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  if (parts[0] === 'app' && parts[1] === 'organization' && parts[2] === 'sdk-connections')
    return { name: 'business-tools' };
  if (parts[0] === 'app' && parts[1] === 'business-tools') return { name: 'business-tools' };
  const name = SCREENS.find((n) => n === parts[0]) ?? 'business-tools';
  return parts[1] ? { name, param: decodeURIComponent(parts[1]) } : { name };
}

export function routeToHash(route: Route): string {
  return `#/${route.name}${route.param ? `/${encodeURIComponent(route.param)}` : ''}`;
}
