import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';

import { useMessageTranslation } from '@/lib/spec-messages/translate';
import { dismissToast, toasts, type ToastKind } from '@/lib/toast';

const KINDS: Record<ToastKind, string> = {
  success: 'border-green-300 bg-green-700 text-white',
  error: 'border-red-300 bg-red-700 text-white',
  info: 'border-slate-300 bg-slate-800 text-white',
};

/** The most toasts shown at once (the newest): a pile of them hides the page's buttons. */
const MAX_VISIBLE = 3;

/**
 * Renders the toast store, each text in the interface language: bottom right on wide screens, at the
 * top on phones, where the bottom of the screen holds a form's main button (Pay, Continue). Above
 * an open dialog (z-60 over the dialogs' z-50): a dialog's own errors are toasts.
 */
export function Toaster() {
  const { items } = useSnapshot(toasts);
  const { t } = useTranslation();
  const translate = useMessageTranslation();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 z-[60] flex sm:top-auto sm:bottom-4 w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {items.slice(-MAX_VISIBLE).map((item) => (
        <div
          key={item.id}
          data-kind={item.kind}
          className={`pointer-events-auto flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm shadow-lg ${KINDS[item.kind]}`}
        >
          <span>{translate(item.message)}</span>
          <button
            type="button"
            aria-label={t('closeNotification')}
            onClick={() => dismissToast(item.id)}
            className="text-lg leading-none opacity-80 hover:opacity-100"
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
