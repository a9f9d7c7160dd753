import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { priceCents } from '@/lib/money';

import type { Quote } from '../api/options';
import type { QuoteState } from '../use-quote';

/** A purchase's server quote: its total, then `children` (the payment); the refusal instead when priced out. */
export function Quoted({ state, testId, children }: { state: QuoteState; testId: string; children: (quote: Quote) => ReactNode }) {
  const { t } = useTranslation('contest-options');
  if (state.error !== null) {
    return (
      <p className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert" data-testid={`${testId}-error`}>
        {state.error}
      </p>
    );
  }
  if (state.quote === null) return <Spinner label={t('pricing')} />;
  return (
    <div className="space-y-3">
      <p className="flex justify-between text-sm" aria-busy={state.loading}>
        <span className="text-slate-600">{t('total')}</span>
        <strong className="text-slate-900" data-testid={testId} data-cents={state.quote.total_cents}>
          {priceCents(state.quote.total_cents)}
        </strong>
      </p>
      {children(state.quote)}
    </div>
  );
}
