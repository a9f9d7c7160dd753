import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { DEFAULT_LANGUAGE, i18n } from '@/lib/i18n';
import { clearSession } from '@/lib/session';
import { realtime } from '@/realtime/connection';
import { toasts } from '@/lib/toast';

// `findBy…` and `waitFor` wait for what a screen shows after its calls answer. Their default
// (1 s) is a guess about the machine, not about the screen: on a loaded 2-core machine a
// screen's first render took longer and tests failed that pass alone. A wrong screen still
// fails, only later; each test stays bounded by the config's testTimeout.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
// Node-environment tests (the realtime module against a real `ws` server) have no DOM.
afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  // Screens that subscribed opened the hub socket (to nowhere, in jsdom): close it.
  realtime.stop();
  clearSession();
  toasts.items.splice(0);
  window.localStorage.clear();
  void i18n.changeLanguage(DEFAULT_LANGUAGE);
});
