import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { closeDesignerProfile, openDesignerProfile } from '@/lib/designer-profile';
import { errorMessage } from '@/lib/error-messages';
import { LEVEL_NAMES } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { ModalDialog } from '@/components/ui/modal-dialog';

import { getInvited, getSuggestions, sendInvites } from '../api/invites';
import {
  INVITE_TABS,
  initialInviteState,
  invitationsSent,
  isInvited,
  needsConfirm,
  openingTab,
  pageLoaded,
  sentToastKey,
  switchTab,
  toggleSelected,
  type Creative,
  type InviteState,
  type InviteTab,
} from '../invite-selection';


interface InviteDialogProps {
  projectId: number;
  productName: string;
  onClose: () => void;
}

/** 'Your project is live!': invite creatives from four lazily loaded tabs (section 2 and 4). */
export function InviteDialog({ projectId, productName, onClose }: InviteDialogProps) {
  const { t } = useTranslation('projects');
  const [state, setState] = useState<InviteState | null>(null);
  const [loading, setLoading] = useState(false);
  const [confirm, setConfirm] = useState<(() => void) | null>(null);

  // A profile opened from here does not outlive the dialog.
  useEffect(() => () => closeDesignerProfile(), []);

  const load = useCallback(
    async (tab: InviteTab, page: number) => {
      setLoading(true);
      try {
        const answer = await getSuggestions(projectId, tab, page);
        setState((s) => (s ? pageLoaded(s, tab, page, answer.data, answer.next_page_url !== null) : s));
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        setLoading(false);
      }
    },
    [projectId],
  );

  // Opens on My Winners when the client has any, else on Gold; the other tabs load when opened.
  useEffect(() => {
    let cancelled = false;
    Promise.all([getSuggestions(projectId, 'winners', 1), getInvited(projectId)]).then(
      ([winners, invited]) => {
        if (cancelled) return;
        let next = { ...initialInviteState(openingTab(winners.data.length)), invited };
        next = pageLoaded(next, 'winners', 1, winners.data, winners.next_page_url !== null);
        setState(next);
        if (next.tab !== 'winners') void load(next.tab, 1);
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
    return () => {
      cancelled = true;
    };
  }, [projectId, load]);

  function guarded(action: () => void) {
    if (state && needsConfirm(state)) setConfirm(() => action);
    else action();
  }

  function openTab(tab: InviteTab) {
    guarded(() => {
      setState((s) => (s ? switchTab(s, tab) : s));
      if (!state?.tabs[tab].loaded) void load(tab, 1);
    });
  }

  async function submit() {
    if (!state || state.selected.length === 0) return;
    setLoading(true);
    try {
      const count = state.selected.length;
      await sendInvites(projectId, state.selected);
      const invited = await getInvited(projectId);
      setState((s) => (s ? invitationsSent(s, invited) : s));
      toast.success(t(sentToastKey(count)));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoading(false);
    }
  }

  /**
   * The creative's profile modal (the profiles feature's, shown by the page's host) in its
   * extra-large, locked form: only its × and buttons close it; INVITE CREATIVE chooses the
   * creative for the invitations, as their card's Invite does, and closes it.
   */
  function openProfile(creative: Creative) {
    openDesignerProfile(creative.id, {
      locked: true,
      invited: state !== null && isInvited(state, creative),
      onInvite: () => setState((s) => (s && !isInvited(s, creative) ? toggleSelected(s, creative.id) : s)),
    });
  }

  const tab = state ? state.tabs[state.tab] : null;
  return (
    <ModalDialog closeButton title={t('invite.live')} size="xl" onClose={onClose}>
      <div className="space-y-4" data-testid="invite-dialog">
        <div>
          <h3 className="text-base font-semibold text-slate-900">{t('invite.heading', { product: productName })}</h3>
          <p className="text-sm text-slate-600">{t('invite.congratulations')}</p>
          <Link to="/dashboard" className="text-sm font-medium text-indigo-600 hover:underline">
            {t('invite.dashboard')}
          </Link>
        </div>
        <div role="tablist" className="flex overflow-x-auto border-b border-slate-200">
          {INVITE_TABS.map((name) => (
            <button key={name} type="button" role="tab" aria-selected={state?.tab === name} onClick={() => openTab(name)} className={`shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${state?.tab === name ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500'}`}>
              {t(`invite.tabs.${name}`)}
            </button>
          ))}
        </div>
        {state && tab?.loaded && tab.creatives.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{t('invite.empty')}</p>}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {state &&
            tab?.creatives.map((creative) => {
              const invited = isInvited(state, creative);
              const sent = creative.invited === 1 || state.invited.includes(creative.id);
              return (
                <li key={creative.id} data-testid="creative" className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
                  <Avatar creative={creative} />
                  <button type="button" onClick={() => openProfile(creative)} className="min-w-0 flex-1 text-left" data-testid="creative-profile">
                    <span className="block truncate text-sm font-semibold text-slate-900">{creative.username}</span>
                    <span className="text-xs text-slate-500">{creative.creative_level_id ? LEVEL_NAMES[creative.creative_level_id as 1] : ''}</span>
                  </button>
                  <Button variant={invited ? 'secondary' : 'primary'} disabled={sent} onClick={() => setState((s) => (s ? toggleSelected(s, creative.id) : s))} className="px-3 py-1.5 text-xs">
                    {sent ? t('invite.invited') : invited ? t('invite.remove') : t('invite.invite')}
                  </Button>
                </li>
              );
            })}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {tab?.hasNext ? (
            <Button variant="secondary" disabled={loading} onClick={() => guarded(() => void load(state!.tab, tab.page + 1))}>
              {t('invite.loadMore')}
            </Button>
          ) : (
            <span />
          )}
          <Button disabled={loading || !state || state.selected.length === 0} isLoading={loading} onClick={() => void submit()}>
            {t('invite.send', { count: state?.selected.length ?? 0 })}
          </Button>
        </div>
      </div>
      {confirm && (
        <ModalDialog closeButton
          title={t('invite.confirmTitle')}
          onClose={() => setConfirm(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                {t('cancel', { ns: 'common' })}
              </Button>
              <Button
                disabled={loading}
                onClick={() => {
                  setState((s) => (s ? { ...s, selected: [] } : s));
                  const next = confirm;
                  setConfirm(null);
                  next();
                }}
              >
                {t('invite.confirm')}
              </Button>
            </>
          }
        >
          <p className="text-sm text-slate-700">{t('invite.confirmText')}</p>
        </ModalDialog>
      )}
    </ModalDialog>
  );
}

function Avatar({ creative }: { creative: Creative }) {
  const size = 'size-10 text-sm';
  if (creative.profile_picture) return <img src={creative.profile_picture.full_path} alt="" className={`${size} rounded-full object-cover`} />;
  return <span className={`${size} flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700`}>{creative.username.slice(0, 1).toUpperCase()}</span>;
}
