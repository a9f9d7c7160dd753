import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Imported first so that a bad VITE_API_URL stops the client before anything renders.
import '@/config/env';
// Before the first render, so every screen mounts in the chosen language.
import '@/lib/i18n';
import { showTheme, storedTheme } from '@/lib/theme';
import { App } from '@/app';
import './index.css';

// The theme this browser last showed, before the first paint (the settings confirm it later).
showTheme(storedTheme());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
