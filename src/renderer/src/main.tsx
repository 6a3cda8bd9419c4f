// Entry of the renderer: mounts the app and marks the document ready once the engine answered,
// which is what the end-to-end tests wait for (`[data-app-state="ready"]`).

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initTheme } from './lib/theme.ts';
import './styles/theme.css';
import './styles/app.css';
import './styles/controls.css';
import './styles/panels.css';

initTheme();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
