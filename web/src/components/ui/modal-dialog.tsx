import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Dialog, DialogTitle } from './dialog';

const SIZES = { md: 'sm:max-w-md', lg: 'sm:max-w-2xl', xl: 'sm:max-w-5xl' } as const;

interface ModalDialogProps {
  title: string;
  /** Absent: the dialog cannot be dismissed by the backdrop, Escape or a close button. */
  onClose?: () => void;
  children: ReactNode;
  /** Buttons, right-aligned under the body (stacked on small screens). */
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  /** A × in the title bar (dialogs whose footer has no Cancel). */
  closeButton?: boolean;
}

/**
 * The usual dialog on the `Dialog` primitive: a title bar, the body, buttons; centred over a dimmed
 * page (a sheet from the bottom on phones). Escape or the backdrop closes it.
 */
export function ModalDialog({ title, onClose, children, footer, size = 'md', closeButton = false }: ModalDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      onClose={onClose}
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4"
      className={`max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 text-left shadow-xl sm:rounded-2xl ${SIZES[size]}`}
    >
      <div className="flex items-start justify-between gap-3">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {closeButton && onClose && (
          <button type="button" aria-label={t('close')} onClick={onClose} className="-mt-1 rounded px-2 text-2xl leading-none text-slate-500 hover:text-slate-800">
            ×
          </button>
        )}
      </div>
      <div className="mt-4 text-sm text-slate-700">{children}</div>
      {footer && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{footer}</div>}
    </Dialog>
  );
}
