import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { exactCents } from '@/lib/money';

import { cartTotalCents } from '../cart-rules';
import { cart, reloadCart } from '../store';
import { CartList } from './cart-list';
import { TipModal } from './tip-modal';

/** /carts: every page of the cart loaded and totalled, with editing, deleting and paying. */
export function CartsPage() {
  const { t } = useTranslation('cart');
  const snap = useSnapshot(cart);
  const [paying, setPaying] = useState(false);
  useEffect(() => {
    void reloadCart().catch(() => undefined);
  }, []);
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('pageTitle')}</h1>
        <p className="text-sm text-slate-600">{t('pageIntro')}</p>
      </header>
      <div className="rounded-xl border border-slate-200 bg-white px-5 py-2 shadow-sm" data-testid="carts-page">
        {!snap.loaded ? <Spinner label={t('loading')} /> : <CartList items={snap.items} />}
        {snap.items.length > 0 && (
          <div className="flex flex-col gap-3 border-t border-slate-200 py-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {t('items', { count: snap.items.length })} · <span className="font-semibold text-slate-900">{t('total')}: <span data-testid="carts-total">{exactCents(cartTotalCents(snap.items))}</span></span>
            </p>
            <Button onClick={() => setPaying(true)}>{t('proceed')}</Button>
          </div>
        )}
      </div>
      {paying && <TipModal initialView="payment" onClose={() => setPaying(false)} />}
    </section>
  );
}
