import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { errorMessage } from '@/lib/error-messages';

import { search } from '../api/admin-api';
import type { SearchHit } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { NotesButton } from '../components/notes-panel';

const TYPES = ['users', 'contests', 'projects', 'entries'] as const;

function hitLink(hit: SearchHit): string | null {
  switch (hit.type) {
    case 'contest':
      return `/contests/${hit.id}/entries`;
    case 'entry':
      return `/contests/${hit.contest_id}/entries/${hit.id}`;
    case 'project':
      return `/projects/${hit.id}/projects-updates`;
    case 'user':
      return null;
  }
}

/** Search: one box across users, contests, projects and entries (by name, title or id). */
export function SearchPage() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number]>('users');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      setHits(await search(q, type));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminPage title={t('pages.search')} intro={t('search.intro')} total={hits?.length}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <SelectField label={t('search.in')} value={type} onChange={(value) => setType(value as (typeof TYPES)[number])} options={TYPES.map((value) => ({ value, label: t(`search.types.${value}`) }))} placeholder={t('catalogue.choose')} />
        </div>
        <div className="w-80">
          <TextField label={t('search.query')} value={q} onChange={setQ} placeholder={t('search.placeholder')} />
        </div>
        <Button type="submit" isLoading={busy} disabled={busy}>
          {t('search.submit')}
        </Button>
      </form>
      {(hits !== null || failure) && (
        <AdminTable
          testId="search-results"
          rows={hits}
          failure={failure}
          rowKey={(hit) => `${hit.type}-${hit.id}`}
          empty={t('search.empty')}
          columns={[
            { header: t('search.kind'), cell: (hit) => t(`search.kinds.${hit.type}`) },
            {
              header: t('search.result'),
              cell: (hit) => {
                const to = hitLink(hit);
                const text = `#${hit.id} ${hit.title}`;
                return to ? (
                  <Link className="font-medium text-indigo-700 hover:underline" to={to}>
                    {text}
                  </Link>
                ) : (
                  <span className="font-medium text-slate-900">{text}</span>
                );
              },
            },
            { header: t('search.detail'), cell: (hit) => hit.subtitle },
            {
              header: t('columns.actions'),
              end: true,
              cell: (hit) => (hit.type === 'entry' ? null : <NotesButton type={hit.type} id={hit.id} />),
            },
          ]}
        />
      )}
    </AdminPage>
  );
}
