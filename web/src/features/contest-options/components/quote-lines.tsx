import { useTranslation } from 'react-i18next';

import { catalogueText } from '@/lib/catalogue';
import { priceCents } from '@/lib/money';

import type { Quote } from '../api/options';
import { TotalRow } from './total-row';

/**
 * The server's quote, line by line (package, length, upgrades, coupon) and its total: exactly what
 * the payment charges. A line cheaper than its catalogue price shows that price struck through.
 */
export function QuoteLines({ quote, testId, loading }: { quote: Quote; testId: string; loading: boolean }) {
  const { t } = useTranslation('contest-options');
  return (
    <>
      {quote.lines.map((line) => (
        <div key={`${line.kind}-${line.id}`} className="flex justify-between gap-2" data-testid={`${testId}-line-${line.kind}`}>
          <dt className="text-slate-600">
            {line.kind === 'package'
              ? t('packageLine', { name: catalogueText(line.name) })
              : line.kind === 'coupon'
                ? t('couponLine', { code: line.name })
                : catalogueText(line.name)}
          </dt>
          <dd className="font-medium">
            {line.amount_cents < line.list_cents && line.kind !== 'coupon' && (
              <s className="mr-1 text-slate-600">{priceCents(line.list_cents)}</s>
            )}
            {line.kind === 'coupon'
              ? `−${priceCents(-line.amount_cents)}`
              : line.amount_cents === 0 && line.list_cents > 0
                ? t('free')
                : priceCents(line.amount_cents)}
          </dd>
        </div>
      ))}
      <TotalRow total={quote.total_cents} testId={testId} className={`gap-2 border-t border-slate-200 pt-2 ${loading ? 'opacity-60' : ''}`} />
    </>
  );
}
