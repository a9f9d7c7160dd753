import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Dialog, DialogTitle } from './dialog';
import { ModalDialog } from './modal-dialog';

/** A page with a button that opens a dialog of two fields, and one more button behind it. */
function Page({ dismissable = true }: { dismissable?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove item
      </button>
      <button type="button">Behind</button>
      {open && (
        <ModalDialog
          title="Remove this item?"
          onClose={dismissable ? () => setOpen(false) : undefined}
          footer={
            <button type="button" onClick={() => setOpen(false)}>
              Keep it
            </button>
          }
        >
          <input aria-label="Reason" />
        </ModalDialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, and modal', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove item' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this item?' });
    expect(dialog).toHaveAttribute('aria-labelledby', screen.getByRole('heading', { name: 'Remove this item?' }).id);
    // The page behind is hidden from assistive technology while it is open.
    expect(screen.queryByRole('button', { name: 'Behind' })).not.toBeInTheDocument();
  });

  it('is named by its hidden label when its heading says something else', () => {
    render(
      <Dialog label="Entry #3" overlayClassName="fixed inset-0">
        <h2>Entry #3 by demo-gold</h2>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Entry #3' })).toBeInTheDocument();
  });

  it('moves the focus in and keeps it there: Tab cycles through its own controls', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove item' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const seen = new Set<Element | null>();
    for (let step = 0; step < 6; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
      seen.add(document.activeElement);
    }
    expect(seen).toEqual(new Set([screen.getByRole('textbox', { name: 'Reason' }), screen.getByRole('button', { name: 'Keep it' })]));
  });

  it('closes on Escape, and gives the focus back to the button that opened it', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Remove item' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives the focus back when closed by one of its own buttons too', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Remove item' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('stays open on Escape when it cannot be dismissed', async () => {
    render(<Page dismissable={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove item' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Remove this item?' })).toBeInTheDocument();
  });

  it('closes on the backdrop, not on a click in its panel', async () => {
    const onClose = vi.fn();
    render(
      <Dialog onClose={onClose} overlayClassName="fixed inset-0" overlayTestId="backdrop">
        <DialogTitle>Notes</DialogTitle>
        <p>Nothing yet</p>
      </Dialog>,
    );
    await userEvent.click(screen.getByText('Nothing yet'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes only the top one of two stacked dialogs on Escape', async () => {
    const closeOuter = vi.fn();
    const closeInner = vi.fn();
    render(
      <Dialog onClose={closeOuter} overlayClassName="fixed inset-0">
        <DialogTitle>Profile</DialogTitle>
        <Dialog onClose={closeInner} overlayClassName="fixed inset-0">
          <DialogTitle>Invite to contest</DialogTitle>
          <input aria-label="Message" />
        </Dialog>
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
  });

  it('locks the page from scrolling while open', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove item' }));
    expect(document.body).toHaveAttribute('data-scroll-locked');
    await userEvent.keyboard('{Escape}');
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it("leaves the focus and the pointer to an overlay another script lays over it (Stripe's 3-D Secure)", async () => {
    // The app's own page is rendered in #root, as in index.html.
    const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    render(<Page />, { container: root });
    await userEvent.click(screen.getByRole('button', { name: 'Remove item' }));
    const challenge = document.createElement('div');
    const complete = document.createElement('button');
    complete.textContent = 'Complete';
    challenge.append(complete);
    document.body.append(challenge);
    try {
      await waitFor(() => expect(challenge.style.pointerEvents).toBe('auto'));
      complete.focus();
      expect(complete).toHaveFocus();
      // What belongs to the page is still kept out.
      screen.getByRole('button', { name: 'Behind', hidden: true }).focus();
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    } finally {
      challenge.remove();
      root.remove();
    }
  });
});
