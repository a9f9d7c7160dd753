import { useTranslation } from 'react-i18next';

import type { Card } from '@/lib/payments/cards';
import { brandName } from '@/lib/payments/card-choice';

/** "Visa ending in 4242 · expires 12/2030". */
export function CardLabel({ card }: { card: Card }) {
  const { t } = useTranslation('payments');
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium text-slate-900">{t('cardEnding', { brand: brandName(card.brand), last4: card.last4 })}</span>
      <span className="text-xs text-slate-600">
        {t('expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
      </span>
    </span>
  );
}
