import { useTranslation } from 'react-i18next';

import { priceCents } from '@/lib/money';

/** The Total line closing a price list (options summary, review): the server quote's total, in cents. */
export function TotalRow({ total, testId, className }: { total: number; testId: string; className: string }) {
  const { t } = useTranslation('contest-options');
  return (
    <div className={`flex justify-between text-base ${className}`}>
      <dt className="font-semibold text-slate-900">{t('total')}</dt>
      <dd className="font-bold text-slate-900" data-testid={testId} data-cents={total}>
        {priceCents(total)}
      </dd>
    </div>
  );
}
