import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { isClient, isDesigner } from '@/lib/roles';
import type { User } from '@/types/api';

import { getUser } from '../api/people';

import { InviteModal } from './invite-modal';

/**
 * A minimal designer profile (`/designers/:userId`): who they are, their level, and for clients
 * the two actions of the profile modal: MESSAGE opens the conversation in a new tab
 * (`/messages?sendMessageTo={id}`), INVITE TO CONTEST opens the invitation modal.
 */
export function DesignerProfile({ user: viewer }: { user: User }) {
  const { t } = useTranslation('messages');
  const { userId } = useParams();
  const [designer, setDesigner] = useState<User | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  useEffect(() => {
    const id = Number(userId);
    if (!Number.isInteger(id) || id <= 0) return;
    void getUser(id)
      .then(setDesigner)
      .catch((error: unknown) => setFailed(errorMessage(error)));
  }, [userId]);

  if (failed !== null) return <p className="rounded-md bg-rose-50 p-4 text-rose-700">{failed}</p>;
  if (designer === null) return <Spinner label={t('common:loading')} />;
  const name = designer.name || designer.username;
  const level = designer.creative_level_id;
  return (
    <section className="mx-auto max-w-2xl overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="h-28 bg-gradient-to-r from-indigo-500 via-violet-500 to-fuchsia-500" />
      <div className="-mt-10 px-6 pb-6">
        <div className="rounded-full bg-white p-1 shadow w-fit">
          <Avatar path={designer.profile_picture?.full_path} name={name} />
        </div>
        <h1 className="mt-3 text-2xl font-semibold text-slate-900">{name}</h1>
        <p className="text-sm text-slate-500">@{designer.username}</p>
        {isDesigner(designer) && level !== null ? (
          <p className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800" data-testid="level">
            {t('profile.level', { level: t(`levels.${level}`) })}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-500">{t('profile.notDesigner')}</p>
        )}
        <p className="mt-2 text-sm text-slate-500">
          {t('profile.memberSince', { year: new Date(designer.created_at).getFullYear() })}
        </p>
        {designer.detail?.about_self && <p className="mt-4 whitespace-pre-wrap text-slate-700">{designer.detail.about_self}</p>}
        {isClient(viewer) && isDesigner(designer) ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Button onClick={() => window.open(`/messages?sendMessageTo=${designer.id}`, '_blank')}>
              {t('profile.message')}
            </Button>
            <Button variant="secondary" onClick={() => setInviting(true)}>
              {t('profile.invite')}
            </Button>
          </div>
        ) : (
          isDesigner(designer) && <p className="mt-6 text-xs text-slate-400">{t('profile.clientsOnly')}</p>
        )}
      </div>
      {inviting && <InviteModal username={designer.username} name={name} onClose={() => setInviting(false)} />}
    </section>
  );
}
