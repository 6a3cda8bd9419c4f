// The system colour scheme, live: the CSS follows prefers-color-scheme by itself, Monaco needs
// to be told its theme.

import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribe(onChange: () => void): () => void {
  const mq = query();
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, () => (query().matches ? 'dark' : 'light'));
}
