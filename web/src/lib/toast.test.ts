import { afterEach, describe, expect, it, vi } from 'vitest';

import { TOAST_DURATION_MS, dismissToast, toast, toasts } from './toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a toast and removes it after its duration', () => {
    vi.useFakeTimers();
    toast.success('Registered Successfully');
    expect(toasts.items).toMatchObject([{ kind: 'success', message: 'Registered Successfully' }]);

    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toasts.items).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.items).toHaveLength(0);
  });

  it('can be dismissed early, leaving the others', () => {
    const first = toast.error('one');
    toast.info('two');
    dismissToast(first);
    expect(toasts.items.map((item) => item.message)).toEqual(['two']);
  });
});
