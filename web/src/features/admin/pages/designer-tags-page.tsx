import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { ApiError, isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import { createTag, deleteTag, getTags, renameTag } from '../api/admin-api';
import type { Tag } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { PromptButton } from '../components/prompt-button';

/** Designer Tags: the labels admins put on designers (from the Users page). */
export function DesignerTagsPage() {
  const { t } = useTranslation('admin');
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);

  useEffect(() => {
    const controller = new AbortController();
    getTags(controller.signal)
      .then(setTags)
      .catch((failed: unknown) => {
        if (!isAbortError(failed)) setFailure(errorMessage(failed));
      });
    return () => controller.abort();
  }, [generation]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await createTag(name);
      setName('');
      toast.success(t('tags.created'));
      reload();
    } catch (failed) {
      if (failed instanceof ApiError && failed.fieldMessage('name')) setError(failed.fieldMessage('name'));
      else toast.error(errorMessage(failed));
    }
  }

  return (
    <AdminPage title={t('pages.designerTags')} intro={t('tags.intro')} total={tags?.length}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
        <div className="w-80">
          <TextField label={t('tags.name')} value={name} onChange={setName} error={error} maxLength={50} />
        </div>
        <Button type="submit" disabled={name.trim() === ''}>
          {t('tags.add')}
        </Button>
      </form>
      <AdminTable
        testId="tags"
        rows={tags}
        failure={failure}
        rowKey={(tag) => tag.id}
        empty={t('tags.empty')}
        columns={[
          { header: t('tags.name'), cell: (tag) => <span className="font-medium text-slate-900">{tag.name}</span> },
          { header: t('tags.designers'), end: true, cell: (tag) => tag.users_count },
          {
            header: t('columns.actions'),
            end: true,
            cell: (tag) => (
              <div className="flex justify-end gap-2">
                <PromptButton
                  label={t('edit')}
                  title={t('tags.renameTitle')}
                  field={t('tags.name')}
                  initial={tag.name}
                  confirmLabel={t('save')}
                  done={t('tags.renamed')}
                  onSubmit={(value) => renameTag(tag.id, value)}
                  onDone={reload}
                />
                <ConfirmButton
                  label={t('delete')}
                  destructive
                  title={t('tags.deleteTitle', { name: tag.name })}
                  body={t('tags.deleteBody', { count: tag.users_count })}
                  confirmLabel={t('delete')}
                  done={t('tags.deleted')}
                  onConfirm={() => deleteTag(tag.id)}
                  onDone={reload}
                />
              </div>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
