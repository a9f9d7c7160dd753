import { useTranslation } from 'react-i18next';

import { useLazyFileUrl } from '@/lib/use-file-url';
import { priceDollars } from '@/lib/money';
import { StoredPicture } from '@/components/ui/stored-picture';

import type { Listing } from '../api/marketplace';

interface ListingCardProps {
  listing: Listing;
  /** Clients buy; everyone else sees the card without the button. */
  canBuy: boolean;
  onBuy: (listing: Listing) => void;
  /** A design the reader bought: marked theirs, with nothing to buy. */
  owned?: boolean;
}

/**
 * An entry for sale: the banner 'Custom Artwork + Free Name Customization', the image, title,
 * 'by {username}', description and the price in whole US dollars. The title and 'Purchase Full
 * Rights' both start the purchase.
 */
export function ListingCard({ listing, canBuy, onBuy, owned = false }: ListingCardProps) {
  const { t } = useTranslation('marketplace');
  const [imageBox, image] = useLazyFileUrl<HTMLDivElement>(listing.entry.files?.full_path);
  return (
    <article
      data-testid="listing-card"
      data-entry-id={listing.contest_entry_id}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {owned ? (
        <p className="bg-emerald-700 px-3 py-1.5 text-center text-xs font-bold tracking-wide text-white" data-testid="listing-owned">
          {t('owned')}
        </p>
      ) : (
        <p className="bg-gradient-to-r from-amber-400 to-orange-400 px-3 py-1.5 text-center text-xs font-bold tracking-wide text-amber-950">
          {t('banner')}
        </p>
      )}
      <div ref={imageBox} className="flex aspect-[4/3] items-center justify-center bg-slate-100">
        {image ? (
          <StoredPicture path={listing.entry.files?.full_path} url={image} alt={listing.title} className="h-full w-full object-contain" />
        ) : (
          <span className="px-4 text-center text-lg font-semibold text-slate-600">{listing.title}</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {canBuy ? (
          <button type="button" className="text-left font-semibold text-slate-900 hover:text-indigo-700 hover:underline" onClick={() => onBuy(listing)}>
            {listing.title}
          </button>
        ) : (
          <h3 className="font-semibold text-slate-900">{listing.title}</h3>
        )}
        <p className="text-xs text-slate-500">{t('by', { username: listing.entry.created_by_user.username })}</p>
        {listing.description && <p className="line-clamp-3 text-sm text-slate-600">{listing.description}</p>}
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="text-xl font-bold text-slate-900" data-testid="listing-price">
            {priceDollars(listing.sale_price)}
          </span>
          {canBuy && (
            <button
              type="button"
              onClick={() => onBuy(listing)}
              className="rounded-md bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
            >
              {t('purchase')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
