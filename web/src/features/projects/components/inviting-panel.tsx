import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, ok } from '@/lib/api-client';

/** 'Inviting {name}' for a creative pre-selected with creative_id. */
export function InvitingPanel({ creativeId, signedIn }: { creativeId: string; signedIn: boolean }) {
  const { t } = useTranslation('projects');
  const [creative, setCreative] = useState<{ name: string; picture: string | null } | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const id = Number(creativeId);
    if (!Number.isInteger(id)) return;
    ok(api.GET('/users/{id}', { params: { path: { id } } })).then(({ data }) => setCreative({ name: data.username, picture: data.profile_picture?.full_path ?? null }), () => undefined);
  }, [creativeId, signedIn]);
  const name = creative?.name ?? `#${creativeId}`;
  return (
    <div data-testid="inviting" className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm">
      {creative?.picture ? (
        <img src={creative.picture} alt="" className="size-9 rounded-full object-cover" />
      ) : (
        <span className="flex size-9 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700">{name.slice(0, 1).toUpperCase()}</span>
      )}
      {t('launch.inviting', { name })}
    </div>
  );
}

