import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';

import { BadgeDropdown } from '@/components/ui/badge-dropdown';
import { typedEvent } from '@/realtime/events';
import { useUserChannel } from '@/realtime/hooks';
import { badgeLabel } from '@/lib/badge-label';
import { exactCents } from '@/lib/money';

import { cartTotalCents } from '../cart-rules';
import { cart, reloadCart, resetCartFor } from '../store';

function BasketIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-6" aria-hidden="true">
      <path d="M3 9h18l-1.6 9.2a2 2 0 0 1-2 1.8H6.6a2 2 0 0 1-2-1.8L3 9Zm5 0 3-5m5 5-3-5M9 13v3m6-3v3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The header's cart (clients): the basket with its count (9+ above 9), kept live by the `badge`
 * events of the user's channel (adding in one tab, paying in another: every tab follows), and a
 * dropdown with YOUR CART, the items, Your total and View Cart.
 */
export function CartDropdown({ userId }: { userId: number }) {
  const { t } = useTranslation('cart');
  const snap = useSnapshot(cart);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    resetCartFor(userId);
    void reloadCart().catch(() => undefined);
  }, [userId]);

  useUserChannel(userId, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type !== 'badge') return;
      const count = typed.data.cart_count;
      cart.count = count;
      // The items changed somewhere (another tab, the payment's webhook): load them again.
      if (count !== cart.items.length) void reloadCart().catch(() => undefined);
    },
    onSubscribed: ({ recovered }) => {
      if (!recovered) void reloadCart().catch(() => undefined);
    },
  });

  const count = snap.count ?? snap.items.length;
  const label = badgeLabel(count);
  return (
    <BadgeDropdown
      icon={<BasketIcon />}
      label={label ? t('basketWith', { count }) : t('basket')}
      badge={label}
      badgeTone="indigo"
      open={open}
      onOpenChange={setOpen}
      badgeTestId="cart-badge"
      buttonTestId="cart-basket"
    >
      <p className="border-b border-slate-100 px-4 py-2 text-xs font-bold tracking-wide text-slate-700">{t('yourCart')}</p>
      {snap.items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t('dropdownEmpty')}</p>
      ) : (
        <>
          <ul className="max-h-[250px] divide-y divide-slate-100 overflow-y-auto">
            {snap.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-2 px-4 py-2 text-sm">
                <span className="truncate text-slate-800">{item.title}</span>
                <span className="shrink-0 font-medium text-slate-900">{exactCents(item.price_cents)}</span>
              </li>
            ))}
          </ul>
          <div className="flex justify-between border-t border-slate-100 px-4 py-2 text-sm font-semibold text-slate-900">
            <span>{t('yourTotal')}</span>
            <span>{exactCents(cartTotalCents(snap.items))}</span>
          </div>
        </>
      )}
      <Link
        to="/carts"
        onClick={() => setOpen(false)}
        className="block border-t border-slate-100 px-4 py-2 text-center text-sm font-medium text-indigo-600 hover:bg-slate-50"
      >
        {t('viewCart')}
      </Link>
    </BadgeDropdown>
  );
}
