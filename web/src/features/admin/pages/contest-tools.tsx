import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { contestActions, typeUpgrades } from '../api/admin-api';
import type { AdminContest } from '../api/types';

import { ExtendSection } from './contest-extend';

/**
 * One contest's admin tools in a dialog: its status, its internal status, upgrades granted
 * by hand or removed, a free extension, and switching its extensions off. Each change is one explicit button.
 */
export function ContestToolsButton({ contest, onChanged }: { contest: AdminContest; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState(String(contest.status_id));
  const [internal, setInternal] = useState(contest.internal_status_id === null ? '' : String(contest.internal_status_id));
  const [upgrades, setUpgrades] = useState<{ id: number; name: string }[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    typeUpgrades(contest.contest_type_id)
      .then(setUpgrades)
      .catch(() => setUpgrades([]));
  }, [open, contest.contest_type_id]);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const statusOptions = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({ value: String(id), label: `${id} · ${t(`status.contest.${id}`)}` }));
  return (
    <>
      <button
        type="button"
        className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
        onClick={() => setOpen(true)}
      >
        {t('contests.manage')}
      </button>
      {open && (
        <ModalDialog title={t('contests.manageTitle', { title: contest.title })} size="lg" onClose={() => setOpen(false)}>
          <div className="space-y-6">
            <section className="flex items-end gap-2">
              <div className="flex-1">
                <SelectField label={t('columns.status')} value={status} onChange={setStatus} options={statusOptions} placeholder={t('catalogue.choose')} />
              </div>
              <Button variant="secondary" disabled={busy || status === String(contest.status_id)} onClick={() => void run(() => contestActions.setStatus(contest.id, Number(status)), t('contests.statusChanged'))}>
                {t('contests.changeStatus')}
              </Button>
            </section>
            <section className="flex items-end gap-2">
              <div className="flex-1">
                <TextField label={t('contests.internalStatus')} value={internal} onChange={setInternal} type="number" min={1} />
              </div>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(() => contestActions.setInternalStatus(contest.id, internal === '' ? null : Number(internal)), t('contests.internalChanged'))}
              >
                {t('save')}
              </Button>
            </section>
            <section>
              <h3 className="text-sm font-semibold text-slate-800">{t('contests.grantUpgrades')}</h3>
              <div className="mt-2 flex flex-wrap gap-3">
                {upgrades.map((upgrade) => (
                  <label key={upgrade.id} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(upgrade.id)}
                      onChange={(event) =>
                        setChosen((current) => (event.target.checked ? [...current, upgrade.id] : current.filter((id) => id !== upgrade.id)))
                      }
                    />
                    {upgrade.name}
                  </label>
                ))}
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" disabled={busy || chosen.length === 0} onClick={() => void run(() => contestActions.grantUpgrades(contest.id, chosen), t('contests.upgradesGranted'))}>
                  {t('contests.grant')}
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => void run(() => contestActions.removeUpgrades(contest.id), t('contests.upgradesRemoved'))}>
                  {t('contests.removeUpgrades')}
                </Button>
              </div>
            </section>
            <ExtendSection contest={contest} onChanged={onChanged} />
            <section className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
              <p className="text-sm text-slate-600">{contest.extends_disabled ? t('contests.extendsOff') : t('contests.extendsOn')}</p>
              <Button
                variant="secondary"
                disabled={busy || contest.extends_disabled === 1}
                onClick={() => void run(() => contestActions.disableExtends(contest.id), t('contests.extendsDisabled'))}
              >
                {t('contests.disableExtends')}
              </Button>
            </section>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
