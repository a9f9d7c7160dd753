import { useCallback, useEffect, useRef, useState } from 'react';
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
  ENTRY_LISTED,
  ENTRY_REMOVED,
  MARKETPLACE_CHANNEL,
  userCategories,
  userListings,
  type EntryRemoved,
  type Listing,
  type ListingSort,
  type UserCategory,
} from '../api/marketplace';
import { goneAfter, withoutGone, withoutListing } from '../live';
import { ListingCard } from './listing-card';
import { PurchaseDialog } from './purchase-dialog';

/**
 * The For Sale tab of the designer profile modal (the slot DesignerForSale, filled in
 * src/app/feature-widgets.tsx): category (All Categories) and sort (Newest First, Oldest First), the
 * designer's entries for sale with 'Purchase Full Rights' for clients, PREVIOUS and NEXT. Live for
 * a signed-in viewer: an entry bought or withdrawn leaves the tab at once, and one of the designer's
 * entries put on sale or changed (`marketplace.entry.listed`) reads the tab's page again.
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
  // Bumped to read the page again (one of the designer's entries listed, a lost resume).
  const [version, setVersion] = useState(0);
  // What left the marketplace live: kept out of an answer read before it left.
  const gone = useRef<ReadonlySet<number>>(new Set());
  const countTo = useRef(onCount);
  useEffect(() => {
    countTo.current = onCount;
  });

  useEffect(() => {
    const controller = new AbortController();
    userCategories(userId, controller.signal).then(setCategories).catch(() => undefined);
    return () => controller.abort();
  }, [userId, version]);

  useEffect(() => {
    const controller = new AbortController();
    userListings(userId, { page, sort, category }, controller.signal)
      .then((answer) => {
        const shown = withoutGone(answer, gone.current);
        setListings(shown);
        // Read again after a change: the tab's label counts what is for sale now.
        if (version > 0 && category === null) countTo.current(shown.total);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [userId, page, sort, category, version]);

  const remove = useCallback(
    (removed: Pick<EntryRemoved, 'contest_entry_id'>) => {
      gone.current = goneAfter(gone.current, { type: ENTRY_REMOVED, data: removed });
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
  // After the first subscription, one that did not recover what was missed reads the page again.
  const subscribedOnce = useRef(false);
  useChannel(viewerId === null ? null : MARKETPLACE_CHANNEL, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === ENTRY_REMOVED) remove(typed.data);
      else if (typed?.type === ENTRY_LISTED) {
        gone.current = goneAfter(gone.current, typed);
        if (typed.data.user_id === userId) setVersion((n) => n + 1);
      }
    },
    onSubscribed: ({ recovered }) => {
      if (subscribedOnce.current && !recovered) setVersion((n) => n + 1);
      subscribedOnce.current = true;
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
