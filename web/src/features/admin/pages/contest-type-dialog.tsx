import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { updateContestType, type ContestType } from '../api/contest-types-admin';

const AREA = 'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

/** A labelled text area with the server's message under it. */
function Area({ label, value, onChange, error, rows = 4 }: { label: string; value: string; onChange: (value: string) => void; error?: string; rows?: number }) {
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-medium text-slate-700">{label}</span>
      <textarea className={AREA} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} />
      {error && <span className="mt-1 block text-sm text-red-700">{error}</span>}
    </label>
  );
}

/**
 * Edits a contest type (PUT /contests/types/{id}): its title, the brief's introduction, whether
 * it starts as quick-start or tip-only, and the terms a designer accepts before the brief. The id
 * and launch slug are not editable (contests and launch URLs depend on them).
 */
export function ContestTypeDialog({ type, onClose, onSaved }: { type: ContestType; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState({
    title: type.title,
    brief: type.brief_html.text,
    quickStart: type.is_quick_start === 1,
    tipOnly: type.only_tip_start === 1,
    hasTerms: type.has_terms === 1,
    terms: type.participate_terms ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      await updateContestType(type.id, {
        title: form.title.trim(),
        brief_html: form.brief,
        is_quick_start: form.quickStart ? 1 : 0,
        only_tip_start: form.tipOnly ? 1 : 0,
        has_terms: form.hasTerms ? 1 : 0,
        participate_terms: form.terms,
      });
      toast.success(t('contestTypes.saved'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(Object.fromEntries(Object.keys(error.fields).map((name) => [name, error.fieldMessage(name)])));
      } else {
        toast.error(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      title={t('contestTypes.editTitle', { title: type.title })}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} isLoading={busy} disabled={busy || form.title.trim() === ''}>
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextField label={t('contestTypes.title')} value={form.title} maxLength={100} onChange={(title) => set({ title })} error={errors.title} />
        <p className="text-xs text-slate-500">{t('contestTypes.slugFixed', { slug: type.launch_brief_slug })}</p>
        <Area label={t('contestTypes.brief')} value={form.brief} onChange={(brief) => set({ brief })} error={errors.brief_html} />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <CheckboxField label={t('contestTypes.quickStart')} checked={form.quickStart} onChange={(quickStart) => set({ quickStart })} error={errors.is_quick_start} />
          <CheckboxField label={t('contestTypes.tipOnly')} checked={form.tipOnly} onChange={(tipOnly) => set({ tipOnly })} error={errors.only_tip_start} />
          <CheckboxField label={t('contestTypes.hasTerms')} checked={form.hasTerms} onChange={(hasTerms) => set({ hasTerms })} error={errors.has_terms} />
        </div>
        <Area label={t('contestTypes.terms')} value={form.terms} onChange={(terms) => set({ terms })} error={errors.participate_terms} rows={3} />
      </div>
    </ModalDialog>
  );
}
