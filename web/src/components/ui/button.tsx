import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:bg-indigo-300',
  secondary:
    'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:text-slate-400',
  /** What cannot be undone (withdraw, delete), in a confirmation. */
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
};

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner; the caller decides whether the button is also disabled. */
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  isLoading = false,
  className = '',
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {isLoading && <Spinner label={t('working')} />}
      {children}
    </button>
  );
}
