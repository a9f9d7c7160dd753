import { useTranslation } from 'react-i18next';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { PayPanel } from '@/components/payments/pay-panel';
import { toast } from '@/lib/toast';

import { purchaseIntentBase, type Listing } from '../api/marketplace';

interface PurchaseDialogProps {
  userId: number;
  listing: Listing;
  onClose: () => void;
  onPurchased: (listing: Listing) => void;
}

/**
 * Buying full rights to an entry with a saved card (the shared payment panel). The server prices
 * it; once paid the entry leaves the marketplace for everyone (the hub says so), this page too.
 */
export function PurchaseDialog({ userId, listing, onClose, onPurchased }: PurchaseDialogProps) {
  const { t } = useTranslation('marketplace');
  return (
    <ModalDialog title={t('purchaseTitle')} onClose={onClose} size="lg">
      <div className="space-y-4">
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{listing.title}</p>
          <p className="text-xs text-slate-500">{t('by', { username: listing.entry.created_by_user.username })}</p>
          <p className="mt-2 text-sm text-slate-600">{t('rightsNote')}</p>
        </div>
        <PayPanel
          userId={userId}
          amount={listing.sale_price}
          intentBase={purchaseIntentBase(listing.contest_entry_id)}
          payLabel={t('purchase')}
          onPaid={() => {
            toast.success(t('purchased', { title: listing.title }));
            onPurchased(listing);
          }}
        />
      </div>
    </ModalDialog>
  );
}
