import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { toast, toasts } from '@/lib/toast';

import { Toaster } from './toaster';

describe('Toaster', () => {
  afterEach(() => {
    toasts.items.splice(0);
  });

  it('shows the three newest toasts, so a pile of them never hides the page', async () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.success(`Saved ${n}`);
    });
    expect(await screen.findByText('Saved 4')).toBeInTheDocument();
    expect(screen.getByText('Saved 2')).toBeInTheDocument();
    expect(screen.queryByText('Saved 1')).not.toBeInTheDocument();
  });
});
