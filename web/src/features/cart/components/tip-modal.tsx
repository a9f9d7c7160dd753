import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { exactCents } from '@/lib/money';

import { addToCart, MIN_PRICE, type CartItem } from '../api/cart';
import { cartTotalCents, priceError } from '../cart-rules';
import { cart, reloadCart } from '../store';
import { CartList } from './cart-list';
import { PaymentView } from './payment-view';

/** Items the modal lists; more are on /carts ("View full cart"). */
const MODAL_ITEMS = 10;

export type TipView = 'add' | 'cart' | 'payment' | 'thanks';

export interface TipTarget {
  contestId: number;
  entryId: number;
  entryNumber: number;
  username: string;
}

interface TipModalProps {
  /** The entry to tip (the add-tip view); absent when opened on the cart. */
  target?: TipTarget;
  initialView: TipView;
  onClose: () => void;
}

function AddTip({ target, onAdded }: { target: TipTarget; onAdded: () => void }) {
  const { t } = useTranslation('cart');
  const [amount, setAmount] = useState(String(MIN_PRICE));
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const error = priceError(amount);

  async function add() {
    setTouched(true);
    if (error !== null) return;
    setPending(true);
    try {
      const answer = await addToCart(target.contestId, target.entryId, Number(amount));
      // 'Tip added to cart successfully', or 'Image added to cart successfully' on a tip-only contest.
      toast.success(answer.message);
      await reloadCart();
      onAdded();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <p>{t('tipIntro', { username: target.username, number: target.entryNumber })}</p>
      <label className="block text-sm font-medium text-slate-700">
        {t('amount')}
        <div className="mt-1 flex items-center rounded-md border border-slate-300 px-3 focus-within:ring-2 focus-within:ring-indigo-500">
          <span className="text-slate-500">$</span>
          <input
            inputMode="decimal"
            name="amount"
            value={amount}
            onBlur={() => setTouched(true)}
            onChange={(event) => setAmount(event.target.value)}
            className="w-full px-2 py-2 text-sm focus:outline-none"
          />
        </div>
      </label>
      {touched && error !== null && (
        <p className="text-xs text-red-600">{error === 'required' ? t('required') : t('minimum', { min: MIN_PRICE })}</p>
      )}
      <Button type="submit" className="w-full" isLoading={pending} disabled={pending || error !== null}>
        {t('addToCart')}
      </Button>
    </form>
  );
}

function CartView({ onPay, onClose }: { onPay: () => void; onClose: () => void }) {
  const { t } = useTranslation('cart');
  const snap = useSnapshot(cart);
  const shown = snap.items.slice(0, MODAL_ITEMS) as CartItem[];
  return (
    <div className="space-y-4" data-testid="cart-view">
      <div className="max-h-[250px] overflow-y-auto">
        <CartList items={shown} />
      </div>
      {snap.items.length > 0 && (
        <>
          <div className="flex justify-between border-t border-slate-200 pt-3 font-semibold text-slate-900">
            <span>{t('total')}</span>
            <span data-testid="cart-total">{exactCents(cartTotalCents(snap.items))}</span>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
            {snap.items.length > MODAL_ITEMS ? (
              <Link to="/carts" onClick={onClose} className="self-center text-sm font-medium text-indigo-700 hover:underline">
                {t('viewFull')}
              </Link>
            ) : (
              <span />
            )}
            <Button onClick={onPay}>{t('proceed')}</Button>
          </div>
        </>
      )}
    </div>
  );
}

/** The tipping modal: add tip, cart (with edit price and delete), payment, thank-you. */
export function TipModal({ target, initialView, onClose }: TipModalProps) {
  const { t } = useTranslation('cart');
  const [view, setView] = useState<TipView>(initialView);
  useEffect(() => {
    if (!cart.loaded) void reloadCart().catch(() => undefined);
  }, []);
  const titles: Record<TipView, string> = {
    add: t('tipTitle'),
    cart: t('cartTitle'),
    payment: t('paymentTitle'),
    thanks: t('thanksTitle'),
  };
  return (
    <ModalDialog title={titles[view]} onClose={onClose} size={view === 'payment' ? 'lg' : 'md'}>
      {view === 'add' && target && <AddTip target={target} onAdded={() => setView('cart')} />}
      {view === 'cart' && <CartView onPay={() => setView('payment')} onClose={onClose} />}
      {view === 'payment' && <PaymentView onBack={() => setView('cart')} onPaid={() => setView('thanks')} />}
      {view === 'thanks' && (
        <div className="space-y-4 text-center" data-testid="cart-thanks">
          <p className="text-base font-semibold text-emerald-700">{t('processed')}</p>
          <Button onClick={onClose}>{target ? t('backToContest') : t('close')}</Button>
        </div>
      )}
    </ModalDialog>
  );
}

/** "Add tip" on an entry, for the contest's holder. */
export function TipButton({ target }: { target: TipTarget }) {
  const { t } = useTranslation('cart');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="add-tip">
        {t('addTip')}
      </Button>
      {open && <TipModal target={target} initialView="add" onClose={() => setOpen(false)} />}
    </>
  );
}
