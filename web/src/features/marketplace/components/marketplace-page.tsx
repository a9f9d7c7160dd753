import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { isClient, isDesigner } from '@/lib/roles';
import { useChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { Page, User } from '@/types/api';

import {
  contestListings,
  ENTRY_LISTED,
  ENTRY_REMOVED,
  MARKETPLACE_CHANNEL,
  type EntryRemoved,
  type Listing,
  type MarketplaceContest,
} from '../api/marketplace';
import { goneAfter, listedConcerns, withoutContestListing, withoutGone, withoutListing } from '../live';
import { BoughtDesigns } from './bought-designs';
import { ContestTile } from './contest-tile';
import { useContestSearch } from '../hooks/use-contest-search';
import { ListingCard } from './listing-card';
import { MarketplaceSearch } from './marketplace-search';
import { MyListings } from './my-listings';
import { PurchaseDialog } from './purchase-dialog';
import { catalogueText } from '@/lib/catalogue';

/** The marketplace's views besides browsing: a client's purchases, a designer's listings. */
type View = 'browse' | 'bought' | 'listings';

/**
 * The marketplace (`/marketplace`): browsing what is for sale; for clients, the designs they
 * bought (`?view=bought`, "My Designs"); for designers, their own listings (`?view=listings`,
 * "My listings": listing an entry, changing, withdrawing, what sold). Visitors (no `user`) browse.
 */
export function MarketplacePage({ user }: { user: User | null }) {
  const { t } = useTranslation('marketplace');
  const [search, setSearch] = useSearchParams();
  const own: View | null = user === null ? null : isClient(user) ? 'bought' : isDesigner(user) ? 'listings' : null;
  const view: View = own !== null && search.get('view') === own ? own : 'browse';
  const tabClass = (active: boolean) =>
    `border-b-2 px-1 pb-2 text-sm font-semibold ${active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-800'}`;
  return (
    <div className="space-y-4">
      {own !== null && (
        <div role="tablist" aria-label={t('title')} className="flex gap-6 border-b border-slate-200">
          <button type="button" role="tab" aria-selected={view === 'browse'} className={tabClass(view === 'browse')} onClick={() => setSearch({})}>
            {t('browse')}
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={view === own}
            className={tabClass(view === own)}
            onClick={() => setSearch({ view: own })}
            data-testid={`marketplace-${own}-tab`}
          >
            {own === 'bought' ? t('bought') : t('mine.title')}
          </button>
        </div>
      )}
      {view === 'bought' ? (
        <section>
          <h1 className="mb-1 text-2xl font-bold text-slate-900">{t('bought')}</h1>
          <BoughtDesigns />
        </section>
      ) : view === 'listings' && user !== null ? (
        <MyListings user={user} />
      ) : (
        <BrowseMarketplace user={user} />
      )}
    </div>
  );
}

/**
 * Browsing: contests with entries for sale, searched by words and contest type, and the chosen
 * contest's entries. Clients buy full rights. Live on the `marketplace` channel: an entry bought
 * or withdrawn leaves this page at once (`marketplace.entry.removed`); an entry put on sale, back
 * on sale or changed (`marketplace.entry.listed`) is read back: the contests again, and the
 * listings shown when they are its contest's.
 */
function BrowseMarketplace({ user }: { user: User | null }) {
  const { t } = useTranslation('marketplace');
  const [q, setQ] = useState('');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [contests, setContests] = useState<Page<MarketplaceContest> | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [listingPage, setListingPage] = useState(1);
  const [loaded, setLoaded] = useState<{ contestId: number; page: Page<Listing> } | null>(null);
  const [buying, setBuying] = useState<Listing | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Bumped to read the contests, or the listings shown, again (an entry listed, a lost resume).
  const [contestsVersion, setContestsVersion] = useState(0);
  const [listingsVersion, setListingsVersion] = useState(0);
  // What left the marketplace live: kept out of an answer read before it left.
  const gone = useRef<ReadonlySet<number>>(new Set());

  useContestSearch({ page, q, typeId, version: contestsVersion }, { setContests, setSelected, setFailure });

  useEffect(() => {
    if (selected === null) return undefined;
    const controller = new AbortController();
    contestListings(selected, listingPage, controller.signal)
      .then((page) => setLoaded({ contestId: selected, page: withoutGone(page, gone.current) }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [selected, listingPage, listingsVersion]);

  const remove = useCallback((removed: EntryRemoved) => {
    gone.current = goneAfter(gone.current, { type: ENTRY_REMOVED, data: removed });
    setLoaded((current) => (current === null ? current : { ...current, page: withoutListing(current.page, removed) }));
    setContests((current) => (current === null ? current : withoutContestListing(current, removed)));
  }, []);

  // After the first subscription, one that did not recover what was missed reads everything again.
  const subscribedOnce = useRef(false);
  // The channel is for members; a visitor's page is as current as when it loaded.
  useChannel(user === null ? null : MARKETPLACE_CHANNEL, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type === ENTRY_REMOVED) remove(typed.data);
      else if (typed?.type === ENTRY_LISTED) {
        gone.current = goneAfter(gone.current, typed);
        const concerns = listedConcerns(typed.data, selected);
        if (concerns.contests) setContestsVersion((n) => n + 1);
        if (concerns.listings) setListingsVersion((n) => n + 1);
      }
    },
    onSubscribed: ({ recovered }) => {
      if (subscribedOnce.current && !recovered) {
        setContestsVersion((n) => n + 1);
        setListingsVersion((n) => n + 1);
      }
      subscribedOnce.current = true;
    },
  });

  const chosen = contests?.data.find((c) => c.id === selected) ?? null;
  const listings = loaded !== null && loaded.contestId === selected ? loaded.page : null;
  return (
    <section className="space-y-6">
      <MarketplaceSearch
        q={q}
        onQ={(value) => {
          setQ(value);
          setPage(1);
        }}
        typeId={typeId}
        onType={(value) => {
          setTypeId(value);
          setPage(1);
        }}
      />
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {user === null && (
        <p className="rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900" data-testid="marketplace-visitor">
          {t('visitor.text')}{' '}
          <Link to="/login" className="font-semibold underline">
            {t('visitor.logIn')}
          </Link>
        </p>
      )}
      {contests === null ? (
        <Spinner label={t('common:loading')} />
      ) : contests.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500" data-testid="marketplace-empty">
          {t('empty')}
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <aside className="space-y-2">
            {contests.data.map((contest) => (
              <ContestTile
                key={contest.id}
                contest={contest}
                selected={contest.id === selected}
                onSelect={() => {
                  setSelected(contest.id);
                  setListingPage(1);
                }}
              />
            ))}
            <PageNav page={page} hasNext={Boolean(contests.next_page_url)} onPage={setPage} />
          </aside>
          <div>
            {chosen && (
              <h2 className="mb-3 text-lg font-semibold text-slate-900">
                {t('contestHeading', { type: catalogueText(chosen.contest_type_title), title: chosen.title })}
              </h2>
            )}
            {listings === null ? (
              <Spinner label={t('common:loading')} />
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="marketplace-listings">
                  {listings.data.map((listing) => (
                    <ListingCard key={listing.contest_entry_id} listing={listing} canBuy={user !== null && isClient(user)} onBuy={setBuying} />
                  ))}
                </div>
                <PageNav page={listingPage} hasNext={Boolean(listings.next_page_url)} onPage={setListingPage} />
              </>
            )}
          </div>
        </div>
      )}
      {buying && user !== null && (
        <PurchaseDialog
          userId={user.id}
          listing={buying}
          onClose={() => setBuying(null)}
          onPurchased={(listing) => {
            setBuying(null);
            remove({ contest_entry_id: listing.contest_entry_id, contest_id: listing.contest_id, user_id: listing.entry.created_by_user.id, reason: 'sold' });
          }}
        />
      )}
    </section>
  );
}
