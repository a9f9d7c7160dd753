import { useTranslation } from 'react-i18next';

import { PayPalMark } from './paypal-choice';

export type PayMethod = 'card' | 'paypal';

interface MethodTabsProps {
  value: PayMethod;
  onChange: (method: PayMethod) => void;
}

/** The card tab and the PayPal tab of a payment form. */
export function MethodTabs({ value, onChange }: MethodTabsProps) {
  const { t } = useTranslation('payments');
  const tab = (method: PayMethod) =>
    `flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
      value === method ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'
    }`;
  return (
    <div role="tablist" aria-label={t('paypal.methods')} className="flex gap-1 rounded-lg bg-slate-100 p-1">
      <button type="button" role="tab" aria-selected={value === 'card'} className={tab('card')} onClick={() => onChange('card')} data-testid="method-card">
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M2.5 4A1.5 1.5 0 0 0 1 5.5V6h18v-.5A1.5 1.5 0 0 0 17.5 4h-15ZM19 8.5H1v6A1.5 1.5 0 0 0 2.5 16h15a1.5 1.5 0 0 0 1.5-1.5v-6ZM3 13.25a.75.75 0 0 1 .75-.75h1.5a.75.75 0 0 1 0 1.5h-1.5a.75.75 0 0 1-.75-.75Zm4.75-.75a.75.75 0 0 0 0 1.5h3.5a.75.75 0 0 0 0-1.5h-3.5Z" />
        </svg>
        {t('paypal.cardTab')}
      </button>
      <button type="button" role="tab" aria-selected={value === 'paypal'} className={tab('paypal')} onClick={() => onChange('paypal')} data-testid="method-paypal">
        <PayPalMark />
        <span className="sr-only">{t('paypal.paypalTab')}</span>
      </button>
    </div>
  );
}
