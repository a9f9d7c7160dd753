import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Breadcrumb } from '@/components/layouts/breadcrumb';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { deleteCard, getCards, markAsBackup, markAsDefault, type Card } from '@/lib/payments/cards';
import { brandName } from '@/lib/payments/card-choice';
import { AddCardForm } from '@/components/payments/add-card-form';
import { CardLabel } from '@/components/payments/card-label';

type Action = { kind: 'remove' | 'default' | 'backup'; card: Card } | { kind: 'add' };

/**
 * `/payment-methods`: breadcrumb, 'Add Another Card', the default, backup and additional cards,
 * and the four modals (remove, make backup, make default, add).
 */
export function PaymentMethodsPage({ userId }: { userId: number }) {
  const { t } = useTranslation('payments');
  const [cards, setCards] = useState<Card[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [pending, setPending] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      getCards(userId, { signal })
        .then(setCards)
        .catch((error: unknown) => {
          if (!isAbortError(error)) setFailure(errorMessage(error));
        }),
    [userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function confirm() {
    if (action === null || action.kind === 'add' || pending) return;
    setPending(true);
    try {
      const call = { remove: deleteCard, default: markAsDefault, backup: markAsBackup }[action.kind];
      const answer = await call(action.card.id);
      toast.success(answer.message);
      setAction(null);
      // Setting a default or backup reloads the list (section 4, "Cards").
      await load();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  const byRole = (role: Card['role']) => (cards ?? []).filter((card) => card.role === role);
  const cardName = (card: Card) => t('cardEnding', { brand: brandName(card.brand), last4: card.last4 });

  function tile(card: Card) {
    return (
      <li key={card.id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`card-tile-${card.last4}`}>
        <div className="flex items-start justify-between gap-2">
          <CardLabel card={card} />
          <span className="rounded bg-slate-800 px-2 py-0.5 text-xs font-bold tracking-wider text-white uppercase">{card.brand}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {card.role !== 'default' && (
            <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setAction({ kind: 'default', card })}>
              {t('makeDefault')}
            </Button>
          )}
          {card.role === 'additional' && (
            <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setAction({ kind: 'backup', card })}>
              {t('makeBackup')}
            </Button>
          )}
          <Button variant="secondary" className="px-3 py-1 text-xs text-red-700" onClick={() => setAction({ kind: 'remove', card })}>
            {t('remove')}
          </Button>
        </div>
      </li>
    );
  }

  function group(title: string, list: Card[]) {
    return (
      <section>
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h2>
        {list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-500">{t('noneYet')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{list.map(tile)}</ul>
        )}
      </section>
    );
  }

  const titles = { remove: 'removeTitle', default: 'defaultTitle', backup: 'backupTitle' } as const;
  const bodies = { remove: 'removeBody', default: 'defaultBody', backup: 'backupBody' } as const;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Breadcrumb trail={[{ label: t('breadcrumbDashboard'), to: '/dashboard' }]} current={t('pageTitle')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('pageTitle')}</h1>
        <Button onClick={() => setAction({ kind: 'add' })}>{t('addAnotherCard')}</Button>
      </div>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      {cards === null ? (
        <Spinner label={t('loadingCards')} />
      ) : cards.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">{t('emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-500">{t('emptyBody')}</p>
        </div>
      ) : (
        <>
          {group(t('defaultCard'), byRole('default'))}
          {group(t('backupCard'), byRole('backup'))}
          {group(t('additionalCards'), byRole('additional'))}
        </>
      )}
      {action?.kind === 'add' && (
        <ModalDialog title={t('addTitle')} onClose={() => setAction(null)}>
          <AddCardForm
            userId={userId}
            onCancel={() => setAction(null)}
            onAdded={() => {
              setAction(null);
              void load();
            }}
          />
        </ModalDialog>
      )}
      {action && action.kind !== 'add' && (
        <ModalDialog
          title={t(titles[action.kind])}
          onClose={() => setAction(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setAction(null)} disabled={pending}>
                {t('common:cancel')}
              </Button>
              <Button onClick={() => void confirm()} disabled={pending} isLoading={pending}>
                {t('confirm')}
              </Button>
            </>
          }
        >
          {t(bodies[action.kind], { card: cardName(action.card) })}
        </ModalDialog>
      )}
    </div>
  );
}
