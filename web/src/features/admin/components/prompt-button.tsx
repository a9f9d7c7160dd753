import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

interface PromptButtonProps {
  label: string;
  title: string;
  /** The one field's label. */
  field: string;
  confirmLabel: string;
  done: string;
  onSubmit: (value: string) => Promise<unknown>;
  onDone?: () => void;
  inputType?: 'text' | 'number';
  initial?: string;
  /** The value may be left empty (a payout's reference): the confirm button is not held back. */
  optional?: boolean;
}

/** A button that asks for one value (a coupon code, a budget, a reason) and sends it. */
export function PromptButton({ label, title, field, confirmLabel, done, onSubmit, onDone, inputType = 'text', initial = '', optional = false }: PromptButtonProps) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(value.trim());
      toast.success(done);
      setOpen(false);
      setValue(initial);
      onDone?.();
    } catch (failure) {
      // The one field's own message (a taken username, a budget too low), else the envelope's.
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) setError(failure.fieldMessage(Object.keys(failure.fields)[0]) ?? failure.message);
      else toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
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
              <Button onClick={() => void submit()} isLoading={busy} disabled={busy || (!optional && value.trim() === '')}>
                {confirmLabel}
              </Button>
            </>
          }
        >
          <TextField label={field} value={value} onChange={setValue} error={error} type={inputType} autoFocus />
        </ModalDialog>
      )}
    </>
  );
}
