import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { getPreferences, putPreferences } from '../api/preferences';

/** The types in the two groups the specification names: contests (1-10) and projects (11-22). */
const GROUPS = [
  { key: 'contests', types: Array.from({ length: 10 }, (_, index) => index + 1) },
  { key: 'projects', types: Array.from({ length: 12 }, (_, index) => index + 11) },
] as const;

/**
 * Which notifications light the bell (GET/PUT /users/{id}/notification-preferences). A muted
 * type is still written and listed on this page; it only pushes no live badge. Each box is a
 * type the user hears about; Save replaces the muted list at once. Designers (the only ones
 * launch e-mails go to) also choose here whether new contests reach them by e-mail: the same
 * opt-out as the e-mail's unsubscribe link, and the way back in.
 */
export function NotificationPreferences({ userId, designer }: { userId: number; designer: boolean }) {
  const { t } = useTranslation('notifications');
  const [muted, setMuted] = useState<Set<number> | null>(null);
  const [launchMail, setLaunchMail] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getPreferences(userId).then(
      (preferences) => {
        if (!live) return;
        setMuted(new Set(preferences.muted_notification_type_ids));
        setLaunchMail(preferences.receives_launch_mail === 1);
      },
      (error: unknown) => live && setFailed(errorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  function toggle(type: number) {
    setMuted((current) => {
      if (current === null) return current;
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  }

  async function save() {
    if (muted === null) return;
    setSaving(true);
    try {
      const saved = await putPreferences(userId, [...muted].sort((a, b) => a - b), designer ? launchMail : undefined);
      setMuted(new Set(saved.muted_notification_type_ids));
      setLaunchMail(saved.receives_launch_mail === 1);
      toast.success(t('preferences.saved'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="mb-6 rounded-lg border border-slate-200 bg-white p-4" data-testid="notification-preferences">
      <h2 className="text-lg font-semibold text-slate-900">{t('preferences.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('preferences.intro')}</p>
      {failed !== null && <p className="mt-3 rounded-md bg-rose-50 p-3 text-sm text-rose-700">{failed}</p>}
      {muted === null ? (
        failed === null && <Spinner label={t('common:loading')} />
      ) : (
        <>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {GROUPS.map((group) => (
              <fieldset key={group.key} className="min-w-0">
                <legend className="text-sm font-semibold text-slate-800">{t(`preferences.${group.key}`)}</legend>
                <ul className="mt-2 space-y-1.5">
                  {group.types.map((type) => (
                    <li key={type}>
                      <label className="flex items-center gap-2 text-sm text-slate-700">
                        <input type="checkbox" checked={!muted.has(type)} onChange={() => toggle(type)} className="size-4 rounded border-slate-300" />
                        {t(`types.${type}`)}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
          {designer && (
            <fieldset className="mt-4 min-w-0">
              <legend className="text-sm font-semibold text-slate-800">{t('preferences.email')}</legend>
              <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={launchMail}
                  onChange={() => setLaunchMail((current) => !current)}
                  className="size-4 rounded border-slate-300"
                />
                {t('preferences.launchMail')}
              </label>
            </fieldset>
          )}
          <div className="mt-4 flex justify-end">
            <Button onClick={() => void save()} isLoading={saving} disabled={saving} data-testid="save-preferences">
              {t('preferences.save')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
