// The theme switch in the navigation: System, Light or Dark, remembered across launches
// (lib/theme.ts keeps and applies it).

import { THEME_CHOICES, setTheme, useThemeChoice } from '../lib/theme.ts';
import type { ThemeChoice } from '../lib/theme.ts';
import './theme-switch.css';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <div className="theme-switch" role="radiogroup" aria-label="Theme" data-testid="theme-switch">
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={choice === c}
          data-testid={`theme-${c}`}
          className={choice === c ? 'theme-switch__opt theme-switch__opt--on' : 'theme-switch__opt'}
          onClick={() => setTheme(c)}
        >
          {LABELS[c]}
        </button>
      ))}
    </div>
  );
}
