import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SIZES = { md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

interface ModalProps {
  title: string;
  size?: keyof typeof SIZES;
  /** Absent: the modal cannot be dismissed by the backdrop, the X or Escape. */
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** A dialog over the page; full width on a phone, scrolling inside when tall. */
export function Modal({ title, size = 'md', onClose, children, footer }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => {
    if (!onClose) return undefined;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-2 sm:p-6" onMouseDown={(e) => e.target === e.currentTarget && onClose?.()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={`w-full ${SIZES[size]} rounded-xl bg-white shadow-2xl`}>
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {onClose && (
            <button type="button" aria-label={t('close')} onClick={onClose} className="rounded px-2 text-2xl leading-none text-slate-500 hover:text-slate-800">
              ×
            </button>
          )}
        </div>
        <div className="px-4 py-4 sm:px-6">{children}</div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-4 py-3 sm:px-6">{footer}</div>}
      </div>
    </div>
  );
}
