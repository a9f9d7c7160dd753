import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { session } from '@/lib/session';
import { toast } from '@/lib/toast';
import { PayPanel } from '@/components/payments/pay-panel';
import { exactCents } from '@/lib/money';
import type { Country, State } from '@/types/api';

import { CART_INTENTS, getAllCountries, getCountryStates, getTotals, sendFreeAwards, type CartTotals } from '../api/cart';
import { placeComplete } from '../cart-rules';
import { cart, reloadCart } from '../store';

/** What the cart holds, as a key: the totals are fetched again when it changes. */
function snapItemsKey(items: readonly { id: number; price_cents: number }[]): string {
  return items.map((item) => `${item.id}=${item.price_cents}`).join(',');
}

const SELECT = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500';

/**
 * The cart's payment: country and state (the state's sales tax is added to the total), then the
 * shared payment panel (saved cards, CVC). A cart of free awards only is sent without a payment.
 */
export function PaymentView({ onBack, onPaid }: { onBack: () => void; onPaid: () => void }) {
  const { t } = useTranslation('cart');
  const { user } = useSnapshot(session);
  const snap = useSnapshot(cart);
  const [countries, setCountries] = useState<Country[]>([]);
  const [statesOf, setStatesOf] = useState<{ countryId: number; list: State[] } | null>(null);
  const [countryId, setCountryId] = useState<number | null>(user?.detail?.country_id ?? null);
  const [stateId, setStateId] = useState<number | null>(user?.detail?.state_id ?? null);
  const [totalsFor, setTotalsFor] = useState<{ key: string; value: CartTotals } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const country = countries.find((c) => c.id === countryId) ?? null;
  const hasStates = country?.has_states === 1;
  const complete = country !== null && placeComplete(countryId, hasStates, stateId);
  const states = statesOf !== null && statesOf.countryId === countryId ? statesOf.list : [];
  // The totals shown are those of the place chosen now (an answer for an earlier choice is not).
  const placeKey = `${countryId}:${hasStates ? stateId : ''}:${snapItemsKey(snap.items)}`;
  const totals = complete && totalsFor?.key === placeKey ? totalsFor.value : null;

  useEffect(() => {
    const controller = new AbortController();
    getAllCountries({ signal: controller.signal })
      .then((list) => setCountries([...list].sort((a, b) => a.name.localeCompare(b.name))))
      .catch((error: unknown) => !isAbortError(error) && setFailure(errorMessage(error)));
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (countryId === null || !hasStates) return undefined;
    const controller = new AbortController();
    getCountryStates(countryId, { signal: controller.signal })
      .then((list) => {
        setStatesOf({ countryId, list });
        setStateId((current) => (list.some((s) => s.id === current) ? current : null));
      })
      .catch((error: unknown) => !isAbortError(error) && setFailure(errorMessage(error)));
    return () => controller.abort();
  }, [countryId, hasStates]);

  // The total follows the place chosen and the cart (an item removed in another tab).
  useEffect(() => {
    if (!complete) return undefined;
    const controller = new AbortController();
    getTotals(countryId, hasStates ? stateId : null, { signal: controller.signal })
      .then((value) => setTotalsFor({ key: placeKey, value }))
      .catch((error: unknown) => !isAbortError(error) && setFailure(errorMessage(error)));
    return () => controller.abort();
  }, [complete, countryId, stateId, hasStates, placeKey]);

  async function sendFree() {
    setSending(true);
    try {
      await sendFreeAwards();
      toast.success('Payment Successful');
      await reloadCart();
      onPaid();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  async function paid() {
    toast.success('Payment Successful');
    // The webhook empties the cart; the badge event tells every tab. Reload here for this one.
    cart.items = [];
    cart.count = 0;
    onPaid();
    await reloadCart().catch(() => undefined);
  }

  return (
    <div className="space-y-4" data-testid="cart-payment">
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium text-slate-700">
          {t('country')}
          <select
            className={`${SELECT} mt-1`}
            value={countryId ?? ''}
            onChange={(event) => {
              setCountryId(event.target.value === '' ? null : Number(event.target.value));
              setStateId(null);
            }}
          >
            <option value="">{t('choose')}</option>
            {countries.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {hasStates && (
          <label className="text-sm font-medium text-slate-700">
            {t('state')}
            <select
              className={`${SELECT} mt-1`}
              value={stateId ?? ''}
              onChange={(event) => setStateId(event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">{t('choose')}</option>
              {states.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {totals === null ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">{t('choosePlace')}</p>
      ) : (
        <dl className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm" data-testid="cart-totals">
          <div className="flex justify-between">
            <dt>{t('subtotal')}</dt>
            <dd>{exactCents(totals.subtotal_cents)}</dd>
          </div>
          <div className="flex justify-between" data-testid="cart-tax">
            <dt>{t('tax', { percent: totals.tax_percentage })}</dt>
            <dd>{exactCents(totals.tax_cents)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold text-slate-900" data-testid="cart-payable">
            <dt>{t('payable')}</dt>
            <dd>{exactCents(totals.payable_cents)}</dd>
          </div>
        </dl>
      )}
      {totals !== null && user !== null && totals.payable_cents === 0 && totals.free_awards_count > 0 && (
        <div className="space-y-2">
          <p className="text-sm text-slate-600">{t('freeOnly')}</p>
          <Button className="w-full" isLoading={sending} disabled={sending} onClick={() => void sendFree()}>
            {t('sendFree')}
          </Button>
        </div>
      )}
      {totals !== null && user !== null && totals.payable_cents > 0 && (
        <section aria-label={t('card')}>
          <PayPanel
            userId={user.id}
            amount={totals.payable_cents / 100}
            intentBase={CART_INTENTS}
            intentBody={{ country_id: countryId, state_id: hasStates ? stateId : null }}
            payLabel={t('pay')}
            onPaid={() => void paid()}
          />
        </section>
      )}
      <Button variant="secondary" onClick={onBack}>
        {t('backToCart')}
      </Button>
    </div>
  );
}
