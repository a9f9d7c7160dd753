import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { exactCents } from '@/lib/money';

import { removeItem, updatePrice, type CartItem } from '../api/cart';
import { priceError } from '../cart-rules';
import { reloadCart } from '../store';
import { catalogueText } from '@/lib/catalogue';

/** One cart item: the creative, the contest, and the price, which a click turns into an editor. */
function CartRow({ item, onAsk }: { item: CartItem; onAsk: (item: CartItem) => void }) {
  const { t } = useTranslation('cart');
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState(String(item.price));
  const [pending, setPending] = useState(false);
  const designer = item.contest_entry.created_by_user;
  const invalid = priceError(price) !== null;

  async function save() {
    setPending(true);
    try {
      await updatePrice(item.id, Number(price));
      toast.success('Cart item was updated successfully');
      setEditing(false);
      await reloadCart();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <li className="flex items-center gap-3 py-3" data-testid="cart-item">
      <Avatar path={designer.profile_picture?.full_path} name={designer.username} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{item.title}</p>
        <p className="truncate text-xs text-slate-500">
          {catalogueText(item.contest.contest_type_title)} · {item.contest.title} · {t('by', { username: designer.username })}
        </p>
      </div>
      {editing ? (
        <div className="flex items-center gap-1">
          <input
            aria-label={t('editPrice')}
            inputMode="decimal"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            className="w-20 rounded-md border border-slate-300 px-2 py-1 text-sm"
          />
          <Button className="px-2 py-1" disabled={invalid || pending} onClick={() => void save()}>
            {t('update')}
          </Button>
          <Button variant="secondary" className="px-2 py-1" onClick={() => setEditing(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : item.is_free_award === 1 ? (
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('freeAward')}</span>
      ) : (
        <button
          type="button"
          title={t('editPrice')}
          onClick={() => setEditing(true)}
          className="rounded-md px-2 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          data-testid="cart-price"
        >
          {exactCents(item.price_cents)}
        </button>
      )}
      {!editing && (
        <button
          type="button"
          aria-label={t('remove')}
          onClick={() => onAsk(item)}
          className="rounded-md p-1.5 text-slate-400 hover:bg-rose-50 hover:text-rose-600"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path fillRule="evenodd" d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.44c-.8.08-1.58.18-2.37.3a.75.75 0 1 0 .22 1.49l.15-.02.84 10.52A2.75 2.75 0 0 0 7.58 19h4.84a2.75 2.75 0 0 0 2.74-2.52l.84-10.52.15.02a.75.75 0 0 0 .22-1.49c-.79-.12-1.58-.22-2.37-.3v-.44A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.67.03 2.5.08v-.33c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.33C8.33 4.03 9.16 4 10 4Z" clipRule="evenodd" />
          </svg>
        </button>
      )}
    </li>
  );
}

/** The cart's items with price editing and the delete confirmation (projects doc, "Tipping modal views"). */
export function CartList({ items }: { items: readonly CartItem[] }) {
  const { t } = useTranslation('cart');
  const [asking, setAsking] = useState<CartItem | null>(null);
  const [pending, setPending] = useState(false);

  async function remove(item: CartItem) {
    setPending(true);
    try {
      await removeItem(item.id);
      toast.success('Cart item was deleted successfully');
      setAsking(null);
      await reloadCart();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{t('empty')}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <CartRow key={item.id} item={item as CartItem} onAsk={setAsking} />
        ))}
      </ul>
      {asking && (
        <ModalDialog
          title={t('removeItem')}
          onClose={() => setAsking(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAsking(null)}>
                {t('cancel')}
              </Button>
              <Button className="bg-rose-600 hover:bg-rose-700" isLoading={pending} disabled={pending} onClick={() => void remove(asking)}>
                {t('removeItem')}
              </Button>
            </>
          }
        >
          <p>{t('deleteConfirm')}</p>
        </ModalDialog>
      )}
    </>
  );
}
