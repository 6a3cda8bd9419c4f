// ESLint for the whole repository: recommended TS rules, React hooks in the renderer, and the layer line.
// The layer table itself lives in eslint.layers.js, so this file only wires the plugins to it.

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { LAYERS, layerPolicies } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      '**/node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'dist/**',
      'packages/*/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Layering (README "Layers"): each folder imports only the layers below it; see eslint.layers.js.
    files: ['src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': LAYERS,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies() }],
    },
  },
  {
    // Layering (shared/style.md): only the Electron shell imports electron.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main/**', 'src/preload/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
);
