import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { catalogueText } from '@/lib/catalogue';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { priceDollars } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useLazyFileUrl } from '@/lib/use-file-url';
import { typedEvent } from '@/realtime/events';
import { useChannel } from '@/realtime/hooks';
import type { Page, User } from '@/types/api';
import { StoredPicture } from '@/components/ui/stored-picture';

import { ENTRY_LISTED, ENTRY_REMOVED, MARKETPLACE_CHANNEL, type Listing } from '../api/marketplace';
import { allMyListings, myListings } from '../api/my-listings';
import { saveListing } from '../api/save-listing';
import { afterRemoval, listingStatus, targetOf, toggledRequest, withSaved, type ListingStatus, type SellTarget } from '../listing-rules';
import { useMarketplaceTerms } from '../use-marketplace-terms';
import { ListingForm } from './listing-form';
import { SellPicker } from './sell-picker';

const STATUS_CLASS: Record<ListingStatus, string> = {
  available: 'bg-emerald-100 text-emerald-900',
  hidden: 'bg-slate-200 text-slate-800',
  sold: 'bg-indigo-700 text-white',
};

interface OwnListingCardProps {
  listing: Listing;
  pending: boolean;
  onEdit: (listing: Listing) => void;
  onToggle: (listing: Listing) => void;
}

/** One of the designer's listings: its state (for sale, withdrawn, sold on a date), price and actions. */
function OwnListingCard({ listing, pending, onEdit, onToggle }: OwnListingCardProps) {
  const { t } = useTranslation('marketplace');
  const [imageBox, image] = useLazyFileUrl<HTMLDivElement>(listing.entry.files?.full_path);
  const status = listingStatus(listing);
  const price = priceDollars(listing.sale_price);
  return (
    <article
      data-testid="own-listing"
      data-entry-id={listing.contest_entry_id}
      data-status={status}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:flex-row"
    >
      <div ref={imageBox} className="flex aspect-[4/3] shrink-0 items-center justify-center bg-slate-100 sm:aspect-auto sm:w-40">
        {image ? (
          <StoredPicture path={listing.entry.files?.full_path} url={image} alt={listing.title} className="h-full w-full object-contain" />
        ) : (
          <span className="px-3 text-center font-semibold text-slate-600">{listing.title}</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold break-words text-slate-900">{listing.title}</h3>
          <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-testid="own-listing-status">
            {t(`mine.status.${status}`)}
          </span>
        </div>
        <p className="text-xs text-slate-600">
          {t('mine.fromContest', { title: listing.contest.title })}
          {listing.category && ` · ${catalogueText(listing.category.title)}`}
        </p>
        {status === 'sold' ? (
          <p className="mt-1 text-sm font-semibold text-indigo-800" data-testid="listing-sold">
            {listing.sold_at === null || listing.sold_at === undefined
              ? t('mine.soldFor', { price })
              : t('mine.soldOn', { date: formatDate(listing.sold_at), price })}
          </p>
        ) : (
          <p className="mt-1 text-lg font-bold text-slate-900" data-testid="listing-price">
            {price}
          </p>
        )}
        {listing.description && <p className="line-clamp-2 text-sm text-slate-600">{listing.description}</p>}
        {status !== 'sold' && (
          <div className="mt-auto flex flex-wrap gap-2 pt-3">
            <Button variant="secondary" className="px-3 py-1.5 text-xs" onClick={() => onEdit(listing)} aria-label={t('mine.editListing', { title: listing.title })}>
              {t('mine.edit')}
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1.5 text-xs"
              disabled={pending}
              isLoading={pending}
              onClick={() => onToggle(listing)}
              aria-label={t(status === 'hidden' ? 'mine.relistListing' : 'mine.withdrawListing', { title: listing.title })}
            >
              {t(status === 'hidden' ? 'mine.relist' : 'mine.withdraw')}
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * "My listings" (`/marketplace?view=listings`): the designer's designs for sale, withdrawn and
 * sold (with the day each sold and its price). They list an entry of a finished contest, change a
 * listing, withdraw it from sale or put it back. Live on the `marketplace` channel: a listing
 * bought meanwhile turns sold at once (`marketplace.entry.removed`), and the page is read again
 * whenever one of theirs leaves or is put on sale or changed elsewhere (`marketplace.entry.listed`:
 * another tab, the entry's page, an admin), so it shows the day it sold and the price it has now.
 */
export function MyListings({ user }: { user: Pick<User, 'id' | 'username'> }) {
  const { t } = useTranslation('marketplace');
  const { tags } = useMarketplaceTerms();
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Page<Listing> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState<ReadonlySet<number> | null>(null);
  const [editing, setEditing] = useState<{ target: SellTarget; listing: Listing | null } | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    myListings(page, { signal: controller.signal })
      .then(setLoaded)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [page, reload]);

  const removed = useCallback((event: { contest_entry_id: number; reason: 'sold' | 'hidden' }) => {
    setLoaded((current) => (current === null ? current : afterRemoval(current, event)));
    // Read back too: the day it sold, and past any answer read before it left.
    setReload((n) => n + 1);
  }, []);

  // After the first subscription, one that did not recover what was missed reloads the page.
  const subscribedOnce = useRef(false);
  useChannel(MARKETPLACE_CHANNEL, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === ENTRY_REMOVED && typed.data.user_id === user.id) removed(typed.data);
      // One of theirs for sale now (listed, back on sale, changed), here or elsewhere: read the page again.
      else if (typed?.type === ENTRY_LISTED && typed.data.user_id === user.id) setReload((n) => n + 1);
    },
    onSubscribed: ({ recovered }) => {
      if (subscribedOnce.current && !recovered) setReload((n) => n + 1);
      subscribedOnce.current = true;
    },
  });

  async function openPicker() {
    try {
      const all = await allMyListings();
      setPicking(new Set(all.map((listing) => listing.contest_entry_id)));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function toggle(listing: Listing) {
    setPending(listing.contest_entry_id);
    try {
      const hide = listingStatus(listing) !== 'hidden';
      const saved = await saveListing(toggledRequest(listing, tags, hide));
      setLoaded((current) => (current === null ? current : withSaved(current, saved)));
      toast.success(t(hide ? 'mine.withdrawn' : 'mine.relisted', { title: saved.title }));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="space-y-4" data-testid="my-listings">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('mine.title')}</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">{t('mine.intro')}</p>
        </div>
        <Button onClick={() => void openPicker()} data-testid="list-a-design">
          {t('mine.listDesign')}
        </Button>
      </header>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {loaded === null ? (
        <Spinner label={t('common:loading')} />
      ) : loaded.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600" data-testid="my-listings-empty">
          {t('mine.empty')}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t('mine.count', { count: loaded.total })}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {loaded.data.map((listing) => (
              <OwnListingCard
                key={listing.contest_entry_id}
                listing={listing}
                pending={pending === listing.contest_entry_id}
                onEdit={(chosen) => setEditing({ target: targetOf(chosen), listing: chosen })}
                onToggle={(chosen) => void toggle(chosen)}
              />
            ))}
          </div>
          <PageNav page={page} hasNext={Boolean(loaded.next_page_url)} onPage={setPage} />
        </>
      )}
      {picking !== null && (
        <SellPicker
          username={user.username}
          listedEntryIds={picking}
          onClose={() => setPicking(null)}
          onPick={(target) => {
            setPicking(null);
            setEditing({ target, listing: null });
          }}
        />
      )}
      {editing !== null && (
        <ListingForm
          target={editing.target}
          listing={editing.listing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (page === 1 || editing.listing !== null) setLoaded((current) => (current === null ? current : withSaved(current, saved)));
            else setPage(1);
          }}
        />
      )}
    </section>
  );
}
