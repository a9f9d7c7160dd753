import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { createShare, deleteShare, getShares, type Network, type Share } from '../api/shares';
import { NETWORKS, shareTarget } from '../share-targets';

interface ShareContestProps {
  contestId: number;
  title: string;
  userId: number;
  /** The contest's owner or an admin: the contest's share links are listed. */
  seesShares: boolean;
  /** Admins delete any link; others their own. */
  isAdmin?: boolean;
}

/**
 * Share: a link of the contest for a network (POST /contests/{id}/shares), opened on the
 * network's share page or copied. The contest's owner (and admins) see every link made and
 * delete their own (admins any); a deleted link stops naming anyone.
 */
export function ShareContest({ contestId, title, userId, seesShares, isAdmin = false }: ShareContestProps) {
  const { t, i18n } = useTranslation('contests');
  const [open, setOpen] = useState(false);
  const [shares, setShares] = useState<Share[] | null>(null);

  useEffect(() => {
    if (!open || !seesShares) return;
    getShares(contestId).then(setShares, (error: unknown) => toast.error(errorMessage(error)));
  }, [open, seesShares, contestId]);

  async function share(network: Network) {
    try {
      const made = await createShare(contestId, network);
      setShares((list) => (list === null ? list : [made, ...list]));
      const target = shareTarget(network, made.url, title);
      if (target === null) {
        await navigator.clipboard.writeText(made.url);
        toast.success(t('share.copied'));
      } else {
        window.open(target, '_blank', 'noopener');
      }
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function remove(item: Share) {
    try {
      await deleteShare(contestId, item.id);
      setShares((list) => list && list.filter((s) => s.id !== item.id));
      toast.success(t('share.deleted'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <>
      <Button variant="secondary" className="mt-3 px-3 py-1.5 text-sm" onClick={() => setOpen(true)} data-testid="share-contest">
        {t('share.button')}
      </Button>
      {open && (
        <ModalDialog title={t('share.title', { title })} onClose={() => setOpen(false)} closeButton>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {NETWORKS.map((network) => (
              <Button key={network} variant="secondary" onClick={() => void share(network)}>
                {t(`share.networks.${network}`)}
              </Button>
            ))}
          </div>
          {seesShares && (
            <section className="mt-5" data-testid="share-list">
              <h3 className="font-semibold text-slate-800">{t('share.links')}</h3>
              {shares !== null && shares.length === 0 && <p className="mt-1 text-slate-500">{t('share.none')}</p>}
              <ul className="mt-2 divide-y divide-slate-100">
                {shares?.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="share">
                    <span className="min-w-0">
                      <span className="font-medium">{t(`share.networks.${item.network}`, { defaultValue: item.network })}</span>
                      <span className="ml-2 text-xs text-slate-500">{formatDate(item.created_at, i18n.language)}</span>
                      <span className="block truncate text-xs text-slate-500">{item.url}</span>
                    </span>
                    {(item.created_by === userId || isAdmin) && (
                      <button type="button" onClick={() => void remove(item)} className="text-xs font-medium text-slate-500 hover:text-rose-600">
                        {t('share.delete')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </ModalDialog>
      )}
    </>
  );
}
