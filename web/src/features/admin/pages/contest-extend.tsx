import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { contestActions } from '../api/admin-api';
import type { AdminContest } from '../api/types';

/** Paid-Active: the only status a contest is extended in. */
const RUNNING = 2;

/**
 * Extends a running contest by 1 to 10 days at no charge (PUT /contests/{id}/extends): both
 * deadlines move. Held back while the contest is not running or its extensions are disabled.
 */
export function ExtendSection({ contest, onChanged }: { contest: AdminContest; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState('1');
  const [endsAt, setEndsAt] = useState(contest.submission_ends_at ?? null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const running = contest.status_id === RUNNING;
  const blocked = !running || contest.extends_disabled === 1;

  async function extend() {
    setBusy(true);
    setError(undefined);
    try {
      const { data } = await contestActions.extendFree(contest.id, Number(days));
      setEndsAt(data.submission_ends_at ?? null);
      toast.success(t('contests.extended', { count: Number(days) }));
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldMessage('days')) setError(failure.fieldMessage('days'));
      else toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="border-t border-slate-100 pt-4" aria-label={t('contests.extendTitle')}>
      <h3 className="text-sm font-semibold text-slate-800">{t('contests.extendTitle')}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {!running ? t('contests.extendNotRunning') : endsAt ? t('contests.endsAt', { date: formatDateTime(endsAt) }) : t('contests.extendHint')}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <TextField className="w-32" label={t('contests.extendDays')} type="number" min={1} max={10} value={days} onChange={setDays} error={error} disabled={blocked} />
        <Button variant="secondary" disabled={busy || blocked || days === ''} isLoading={busy} onClick={() => void extend()}>
          {t('contests.extendFree')}
        </Button>
      </div>
    </section>
  );
}
