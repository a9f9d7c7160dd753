import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isAbortError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import type { SellEntryProps } from '@/lib/feature-widgets';
import { priceDollars } from '@/lib/money';

import { allMyListings } from '../api/my-listings';
import type { Listing } from '../api/marketplace';
import { listingStatus } from '../listing-rules';
import { ListingForm } from './listing-form';

/**
 * On the designer's own entry of a finished contest that did not win (the entry detail's slot
 * SellEntry, filled in src/app/feature-widgets.tsx): "Sell this design" when it is not listed;
 * else its listing's state and price, changed here or on "My listings".
 */
export function SellEntry({ entry, contestTitle }: SellEntryProps) {
  const { t } = useTranslation('marketplace');
  // undefined while looking, null when the entry is not listed.
  const [listing, setListing] = useState<Listing | null | undefined>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    allMyListings({ signal: controller.signal })
      .then((all) => setListing(all.find((one) => one.contest_entry_id === entry.id) ?? null))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setListing(null);
      });
    return () => controller.abort();
  }, [entry.id]);

  if (listing === undefined) return null;
  const status = listing === null ? null : listingStatus(listing);
  const defaultTitle = entry.title || contestTitle || t('picker.entryNumber', { number: entry.number });
  return (
    <div className="space-y-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="sell-entry" data-status={status ?? 'unlisted'}>
      {listing === null ? (
        <>
          <p className="text-emerald-950">{t('sell.intro')}</p>
          <Button className="w-full" onClick={() => setOpen(true)}>
            {t('sell.button')}
          </Button>
        </>
      ) : (
        <>
          <p className="font-semibold text-emerald-950">
            {status === 'sold' && listing.sold_at !== null && listing.sold_at !== undefined
              ? t('sell.soldOn', { date: formatDate(listing.sold_at), price: priceDollars(listing.sale_price) })
              : t(`sell.${status}`, { price: priceDollars(listing.sale_price) })}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {status !== 'sold' && (
              <Button variant="secondary" className="px-3 py-1.5 text-xs" onClick={() => setOpen(true)}>
                {t('sell.edit')}
              </Button>
            )}
            <Link to={paths.myListings} className="font-semibold text-indigo-800 underline hover:text-indigo-950">
              {t('sell.myListings')}
            </Link>
          </div>
        </>
      )}
      {open && (
        <ListingForm
          target={{
            entryId: entry.id,
            defaultTitle: listing?.title ?? defaultTitle,
            contestTitle: listing?.contest.title ?? contestTitle,
            imagePath: listing?.entry.files?.full_path ?? entry.imagePath,
          }}
          listing={listing}
          onClose={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            setListing(saved);
          }}
        />
      )}
    </div>
  );
}
