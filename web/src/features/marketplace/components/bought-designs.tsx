import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import type { Page } from '@/types/api';

import { boughtListings, type Listing } from '../api/marketplace';
import { ListingCard } from './listing-card';

/**
 * "My Designs": what the client bought in the marketplace (card or PayPal), each marked as
 * theirs. PayPal's return page leads here once a purchase is paid.
 */
export function BoughtDesigns() {
  const { t } = useTranslation('marketplace');
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState<Page<Listing> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    boughtListings(page, controller.signal)
      .then(setLoaded)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [page]);

  if (failure) return <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>;
  if (loaded === null) return <Spinner label={t('common:loading')} />;
  return (
    <div data-testid="bought-designs">
      <p className="mb-4 text-sm text-slate-600">{t('boughtIntro')}</p>
      {loaded.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">{t('boughtEmpty')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {loaded.data.map((listing) => (
            <ListingCard key={listing.contest_entry_id} listing={listing} canBuy={false} onBuy={() => undefined} owned />
          ))}
        </div>
      )}
      <PageNav page={page} hasNext={Boolean(loaded.next_page_url)} onPage={setPage} />
    </div>
  );
}
