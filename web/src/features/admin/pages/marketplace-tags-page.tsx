import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { apiClient, ApiError, isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { DataEnvelope } from '@/types/api';

import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { PromptButton } from '../components/prompt-button';

interface MarketplaceTag {
  id: number;
  name: string;
}

/**
 * Marketplace Tags, on the spec's calls (GET and POST /marketplace-tags, PUT
 * /marketplace-tags/{id}; contests document, section 7). The marketplace server is
 * profiles-market's: until it is merged the list answers its error.
 */
export function MarketplaceTagsPage() {
  const { t } = useTranslation('admin');
  const [tags, setTags] = useState<MarketplaceTag[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);

  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .get<DataEnvelope<MarketplaceTag[]>>('/marketplace-tags', { signal: controller.signal })
      .then((answer) => setTags(answer.data))
      .catch((failed: unknown) => {
        if (!isAbortError(failed)) setFailure(errorMessage(failed));
      });
    return () => controller.abort();
  }, [generation]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await apiClient.post('/marketplace-tags', { name: name.trim() });
      setName('');
      toast.success(t('tags.created'));
      reload();
    } catch (failed) {
      if (failed instanceof ApiError && failed.fieldMessage('name')) setError(failed.fieldMessage('name'));
      else toast.error(errorMessage(failed));
    }
  }

  return (
    <AdminPage title={t('pages.marketplaceTags')} intro={t('marketplaceTags.intro')} total={tags?.length}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
        <div className="w-80">
          <TextField label={t('tags.name')} value={name} onChange={setName} error={error} maxLength={50} />
        </div>
        <Button type="submit" disabled={name.trim() === ''}>
          {t('tags.add')}
        </Button>
      </form>
      <AdminTable
        testId="marketplace-tags"
        rows={tags}
        failure={failure}
        rowKey={(tag) => tag.id}
        empty={t('tags.empty')}
        columns={[
          { header: t('tags.name'), cell: (tag) => <span className="font-medium text-slate-900">{tag.name}</span> },
          {
            header: t('columns.actions'),
            end: true,
            cell: (tag) => (
              <PromptButton
                label={t('edit')}
                title={t('tags.renameTitle')}
                field={t('tags.name')}
                initial={tag.name}
                confirmLabel={t('save')}
                done={t('tags.renamed')}
                onSubmit={(value) => apiClient.put(`/marketplace-tags/${tag.id}`, { name: value })}
                onDone={reload}
              />
            ),
          },
        ]}
      />
    </AdminPage>
  );
}
