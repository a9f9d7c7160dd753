import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A centred dialog over a dimmed page (a sheet from the bottom on phones); Escape or the backdrop closes it. */
export function ModalDialog({ title, onClose, children, footer, size = 'md', closeButton = false }: ModalDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => {
    if (!onClose) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4" onClick={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(event) => event.stopPropagation()}
        className={`max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 text-left shadow-xl sm:rounded-2xl ${SIZES[size]}`}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {closeButton && onClose && (
            <button type="button" aria-label={t('close')} onClick={onClose} className="-mt-1 rounded px-2 text-2xl leading-none text-slate-500 hover:text-slate-800">
              ×
            </button>
          )}
        </div>
        <div className="mt-4 text-sm text-slate-700">{children}</div>
        {footer && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">{footer}</div>}
      </div>
    </div>
  );
}
