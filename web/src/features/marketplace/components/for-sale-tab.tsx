import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { SortSelect } from '@/components/ui/sort-select';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import type { DesignerForSaleProps } from '@/lib/feature-widgets';
import { useChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { Page } from '@/types/api';
import { catalogueText } from '@/lib/catalogue';

import {
  ENTRY_REMOVED,
  MARKETPLACE_CHANNEL,
  userCategories,
  userListings,
  type EntryRemoved,
  type Listing,
  type ListingSort,
  type UserCategory,
} from '../api/marketplace';
import { withoutListing } from '../live';
import { ListingCard } from './listing-card';
import { PurchaseDialog } from './purchase-dialog';

/**
 * The For Sale tab of the designer profile modal (the slot DesignerForSale, filled in
 * src/app/feature-widgets.tsx): category (All Categories) and sort (Newest First, Oldest First), the
 * designer's entries for sale with 'Purchase Full Rights' for clients, PREVIOUS and NEXT. An
 * entry bought by anyone leaves the tab at once.
 */
export function ForSaleTab({ userId, viewerId, canBuy, onCount }: DesignerForSaleProps) {
  const { t } = useTranslation('marketplace');
  const [categories, setCategories] = useState<UserCategory[]>([]);
  const [category, setCategory] = useState<number | null>(null);
  const [sort, setSort] = useState<ListingSort>('-created_at');
  const [page, setPage] = useState(1);
  const [listings, setListings] = useState<Page<Listing> | null>(null);
  const [buying, setBuying] = useState<Listing | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    userCategories(userId, controller.signal).then(setCategories).catch(() => undefined);
    return () => controller.abort();
  }, [userId]);

  useEffect(() => {
    const controller = new AbortController();
    userListings(userId, { page, sort, category }, controller.signal)
      .then(setListings)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId, page, sort, category]);

  const remove = useCallback(
    (removed: Pick<EntryRemoved, 'contest_entry_id'>) => {
      setListings((current) => {
        if (current === null) return current;
        const next = withoutListing(current, removed);
        if (next !== current && category === null) onCount(next.total);
        return next;
      });
    },
    [category, onCount],
  );

  // The marketplace channel is for members (as browsing is); a visitor's tab stays as loaded.
  useChannel(viewerId === null ? null : MARKETPLACE_CHANNEL, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === ENTRY_REMOVED) remove(typed.data);
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <select
          aria-label={t('category')}
          value={category ?? ''}
          onChange={(event) => {
            setCategory(event.target.value ? Number(event.target.value) : null);
            setPage(1);
          }}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">{t('allCategories')}</option>
          {categories.map((c) => (
            <option key={c.marketplace_category_id} value={c.marketplace_category_id}>
              {catalogueText(c.title)}
            </option>
          ))}
        </select>
        <SortSelect
          value={sort}
          options={[
            { value: '-created_at', label: t('newestFirst') },
            { value: 'created_at', label: t('oldestFirst') },
          ]}
          onChange={(value) => {
            setSort(value as ListingSort);
            setPage(1);
          }}
        />
      </div>
      {failure && <p className="text-sm text-rose-700">{failure}</p>}
      {listings === null ? (
        <Spinner label={t('common:loading')} />
      ) : listings.data.length === 0 ? (
        <p className="py-10 text-center text-slate-500">{t('empty')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="for-sale-listings">
          {listings.data.map((listing) => (
            <ListingCard key={listing.contest_entry_id} listing={listing} canBuy={canBuy} onBuy={setBuying} />
          ))}
        </div>
      )}
      {listings && <PageNav page={page} hasNext={Boolean(listings.next_page_url)} onPage={setPage} />}
      {buying && viewerId !== null && (
        <PurchaseDialog
          userId={viewerId}
          listing={buying}
          onClose={() => setBuying(null)}
          onPurchased={(listing) => {
            setBuying(null);
            remove(listing);
          }}
        />
      )}
    </div>
  );
}
