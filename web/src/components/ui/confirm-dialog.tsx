import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { Button } from './button';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The button that does it ("Withdraw bid", "Delete"). */
  confirmLabel: string;
  /** Runs once; a failure is toasted and the dialog stays open to try again or cancel. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Are you sure?" before something that cannot be undone: Cancel, or the action (busy while it runs). */
export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <ModalDialog
      title={title}
      onClose={pending ? undefined : onClose}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="danger" disabled={pending} isLoading={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </ModalDialog>
  );
}
