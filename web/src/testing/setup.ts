import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { clearSession } from '@/lib/session';
import { toasts } from '@/lib/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  clearSession();
  toasts.items.splice(0);
  window.localStorage.clear();
});
