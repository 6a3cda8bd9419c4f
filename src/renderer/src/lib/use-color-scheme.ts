// The colour scheme on screen, live: the CSS follows the theme switch (lib/theme.ts) by itself,
// Monaco needs to be told its theme.

export { useEffectiveScheme as useColorScheme } from './theme.ts';
