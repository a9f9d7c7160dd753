import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatDate } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { flagClient, getAdminUsers, getTags, getUserTags, resetUsername, setUserActive, setUserSubscription, setUserTags } from '../api/admin-api';
import type { AdminUser, Tag } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { NotesButton } from '../components/notes-panel';
import { PromptButton } from '../components/prompt-button';
import { usePaged } from '../components/use-paged';

import { UserContestsButton } from './user-contests';

/** A designer's tags, chosen from the admins' list. */
function TagsButton({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState<Tag[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => {
    if (!open) return;
    void Promise.all([getTags(), getUserTags(user.id)])
      .then(([tags, mine]) => {
        setAll(tags);
        setChosen(mine.map((tag) => tag.id));
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  }, [open, user.id]);
  async function save() {
    try {
      await setUserTags(user.id, chosen);
      toast.success(t('users.tagsSaved'));
      setOpen(false);
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }
  return (
    <>
      <button type="button" className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50" onClick={() => setOpen(true)}>
        {t('users.tags')}
      </button>
      {open && (
        <ModalDialog
          title={t('users.tagsTitle', { username: user.username })}
          onClose={() => setOpen(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
              <Button onClick={() => void save()}>{t('save')}</Button>
            </>
          }
        >
          {all.length === 0 ? (
            <p className="text-slate-500">{t('tags.empty')}</p>
          ) : (
            <div className="flex flex-wrap gap-3">
              {all.map((tag) => (
                <label key={tag.id} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={chosen.includes(tag.id)}
                    onChange={(event) => setChosen((current) => (event.target.checked ? [...current, tag.id] : current.filter((id) => id !== tag.id)))}
                  />
                  {tag.name}
                </label>
              ))}
            </div>
          )}
        </ModalDialog>
      )}
    </>
  );
}

/** Users: every account, its status, subscriptions, designer tags, contests, flags and notes. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [type, setType] = useState('');
  const [q, setQ] = useState('');
  const query = { 'filter[user_type_id]': Number(type) || undefined, 'filter[q]': q.trim() || undefined };
  const list = usePaged<AdminUser>((page, signal) => getAdminUsers(page, query, signal), JSON.stringify(query));
  const typeOptions = [1, 2, 3].map((id) => ({ value: String(id), label: t(`userType.${id}`) }));
  const columns: Column<AdminUser>[] = [
    {
      header: t('columns.user'),
      cell: (u) => (
        <div>
          <p className="font-medium text-slate-900">
            {u.username} {u.is_flagged ? <span className="ml-1 rounded bg-red-50 px-1.5 text-xs text-red-700">{t('users.flagged')}</span> : null}
          </p>
          <p className="text-xs text-slate-500">
            {u.name} · {u.email}
          </p>
        </div>
      ),
    },
    { header: t('columns.type'), cell: (u) => `${t(`userType.${u.user_type_id}`)}${u.creative_level_id ? ` · ${t(`level.${u.creative_level_id}`)}` : ''}` },
    { header: t('users.tags'), cell: (u) => u.tags ?? '—' },
    { header: t('columns.status'), cell: (u) => (u.is_active ? <span className="text-emerald-700">{t('users.active')}</span> : <span className="text-red-700">{t('users.inactive')}</span>) },
    { header: t('columns.created'), cell: (u) => formatDate(u.created_at) },
    {
      header: t('columns.actions'),
      end: true,
      cell: (u) => (
        <div className="flex flex-wrap justify-end gap-2">
          {u.user_type_id !== 1 && (
            <ConfirmButton
              label={u.is_active ? t('users.deactivate') : t('users.activate')}
              destructive={Boolean(u.is_active)}
              title={u.is_active ? t('users.deactivateTitle', { username: u.username }) : t('users.activateTitle', { username: u.username })}
              body={u.is_active ? t('users.deactivateBody') : t('users.activateBody')}
              confirmLabel={u.is_active ? t('users.deactivate') : t('users.activate')}
              done={t('users.statusChanged')}
              onConfirm={() => setUserActive(u.id, !u.is_active)}
              onDone={list.reload}
            />
          )}
          {u.user_type_id === 2 && (
            <>
              <ConfirmButton
                label={t('users.grantUnlimited')}
                title={t('users.grantUnlimitedTitle', { username: u.username })}
                body={t('users.grantUnlimitedBody')}
                confirmLabel={t('users.grant')}
                done={t('users.subscriptionChanged')}
                onConfirm={() => setUserSubscription(u.id, 13, true)}
                onDone={list.reload}
              />
              {!u.is_flagged && (
                <PromptButton
                  label={t('users.flag')}
                  title={t('users.flagTitle', { username: u.username })}
                  field={t('flagged.reason')}
                  confirmLabel={t('users.flag')}
                  done={t('users.flaggedDone')}
                  onSubmit={(reason) => flagClient(u.id, reason)}
                  onDone={list.reload}
                />
              )}
            </>
          )}
          {u.user_type_id === 3 && <TagsButton user={u} onChanged={list.reload} />}
          {u.user_type_id !== 1 && <UserContestsButton user={u} />}
          <PromptButton
            label={t('users.rename')}
            title={t('users.renameTitle', { username: u.username })}
            field={t('users.newUsername')}
            initial={u.username}
            confirmLabel={t('save')}
            done={t('users.renamed')}
            onSubmit={(username) => resetUsername(u.id, username)}
            onDone={list.reload}
          />
          <NotesButton type="user" id={u.id} />
        </div>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('pages.users')}
      total={list.rows ? list.total : undefined}
      filters={
        <>
          <div className="w-48">
            <SelectField label={t('columns.type')} value={type} onChange={setType} options={typeOptions} placeholder={t('filters.anyType')} />
          </div>
          <div className="w-72">
            <TextField label={t('filters.search')} value={q} onChange={setQ} placeholder={t('filters.userSearch')} />
          </div>
        </>
      }
    >
      <AdminTable testId="users" columns={columns} rows={list.rows} failure={list.failure} rowKey={(u) => u.id} empty={t('users.empty')} paging={list} />
    </AdminPage>
  );
}
