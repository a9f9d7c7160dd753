import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

interface ConfirmButtonProps {
  label: string;
  /** The dialog's title and its one-sentence consequence. */
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone. */
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
  /** Toast after success. */
  done: string;
  onDone?: () => void;
  small?: boolean;
}

/** A button that asks first: every change an admin makes to someone else's work goes through one. */
export function ConfirmButton({ label, title, body, confirmLabel, destructive, onConfirm, done, onDone, small = true }: ConfirmButtonProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const tone = destructive
    ? 'border-red-200 text-red-700 hover:bg-red-50'
    : 'border-slate-300 text-slate-700 hover:bg-slate-50';
  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      toast.success(done);
      setOpen(false);
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className={`rounded-md border bg-white font-medium ${small ? 'px-2.5 py-1 text-xs' : 'px-4 py-2 text-sm'} ${tone}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && (
        <ModalDialog
          title={title}
          onClose={() => setOpen(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
              <Button
                onClick={() => void confirm()}
                isLoading={busy}
                disabled={busy}
                className={destructive ? '!bg-red-600 hover:!bg-red-700' : ''}
              >
                {confirmLabel}
              </Button>
            </>
          }
        >
          {body}
        </ModalDialog>
      )}
    </>
  );
}
