import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useMessageTranslation } from '@/lib/spec-messages/translate';

type Variant = 'danger' | 'success' | 'info';

const VARIANTS: Record<Variant, string> = {
  danger: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
};

interface AlertProps {
  variant?: Variant;
  /** When given, the alert has a close button. */
  onDismiss?: () => void;
  children: ReactNode;
}

/** A text child is a spec message: it is shown in the interface language. */
export function Alert({ variant = 'danger', onDismiss, children }: AlertProps) {
  const { t } = useTranslation();
  const translate = useMessageTranslation();
  return (
    <div
      role="alert"
      className={`flex items-start justify-between gap-3 rounded-md border px-4 py-3 text-sm ${VARIANTS[variant]}`}
    >
      <div>{typeof children === 'string' ? translate(children) : children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('dismiss')}
          className="-my-1 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
        >
          ×
        </button>
      )}
    </div>
  );
}
