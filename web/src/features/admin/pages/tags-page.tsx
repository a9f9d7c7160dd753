import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { ApiError, isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import {
  createMarketplaceTag,
  createTag,
  deleteTag,
  getMarketplaceTags,
  getTags,
  renameMarketplaceTag,
  renameTag,
} from '../api/admin-api';
import type { MarketplaceTag, Tag } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { PromptButton } from '../components/prompt-button';

/** A list of tags the page manages: its calls, and what the designer tags have more. */
interface TagList<T extends MarketplaceTag> {
  title: string;
  /** The texts' group: a tag's (the default) or a marketplace category's. */
  texts?: 'tags' | 'marketplaceCategories';
  intro: string;
  testId: string;
  load: (signal: AbortSignal) => Promise<T[]>;
  create: (name: string) => Promise<unknown>;
  rename: (id: number, name: string) => Promise<unknown>;
  /** Columns between the name and the actions. */
  extraColumns?: Column<T>[];
  /** Deleting, when the list allows it (with the dialog's consequence). */
  remove?: { call: (id: number) => Promise<unknown>; body: (tag: T) => string };
  /** Buttons before Edit (a category's Retire / Restore). */
  extraActions?: (tag: T, reload: () => void) => ReactNode;
}

/** One admin page of tags: add one, rename any, and delete where the list allows it. */
export function TagsPage<T extends MarketplaceTag>({ title, texts = 'tags', intro, testId, load, create, rename, extraColumns = [], remove, extraActions }: TagList<T>) {
  const { t } = useTranslation('admin');
  const [tags, setTags] = useState<T[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((n) => n + 1);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal)
      .then(setTags)
      .catch((failed: unknown) => {
        if (!isAbortError(failed)) setFailure(errorMessage(failed));
      });
    return () => controller.abort();
    // `load` is the list's, fixed for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    try {
      await create(name);
      setName('');
      toast.success(t(`${texts}.created`));
      reload();
    } catch (failed) {
      // A designer tag's text is `name`, a marketplace tag's `title`.
      const field = failed instanceof ApiError ? (failed.fieldMessage('name') ?? failed.fieldMessage('title')) : undefined;
      if (field) setError(field);
      else toast.error(errorMessage(failed));
    }
  }

  return (
    <AdminPage title={title} intro={intro} total={tags?.length}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3">
        <div className="w-80">
          <TextField label={t(`${texts}.name`)} value={name} onChange={setName} error={error} maxLength={50} />
        </div>
        <Button type="submit" disabled={name.trim() === ''}>
          {t(`${texts}.add`)}
        </Button>
      </form>
      <AdminTable
        testId={testId}
        rows={tags}
        failure={failure}
        rowKey={(tag) => tag.id}
        empty={t(`${texts}.empty`)}
        columns={[
          { header: t(`${texts}.name`), cell: (tag) => <span className="font-medium text-slate-900">{tag.name}</span> },
          ...extraColumns,
          {
            header: t('columns.actions'),
            end: true,
            cell: (tag) => (
              <div className="flex flex-wrap justify-end gap-2">
                {extraActions?.(tag, reload)}
                <PromptButton
                  label={t('edit')}
                  title={t(`${texts}.renameTitle`)}
                  field={t(`${texts}.name`)}
                  initial={tag.name}
                  confirmLabel={t('save')}
                  done={t(`${texts}.renamed`)}
                  onSubmit={(value) => rename(tag.id, value)}
                  onDone={reload}
                />
                {remove && (
                  <ConfirmButton
                    label={t('delete')}
                    destructive
                    title={t('tags.deleteTitle', { name: tag.name })}
                    body={remove.body(tag)}
                    confirmLabel={t('delete')}
                    done={t('tags.deleted')}
                    onConfirm={() => remove.call(tag.id)}
                    onDone={reload}
                  />
                )}
              </div>
            ),
          },
        ]}
      />
    </AdminPage>
  );
}

/** Designer Tags: the labels admins put on designers (from the Users page). */
export function DesignerTagsPage() {
  const { t } = useTranslation('admin');
  return (
    <TagsPage<Tag>
      title={t('pages.designerTags')}
      intro={t('tags.intro')}
      testId="tags"
      load={getTags}
      create={createTag}
      rename={renameTag}
      extraColumns={[{ header: t('tags.designers'), end: true, cell: (tag) => tag.users_count }]}
      remove={{ call: deleteTag, body: (tag) => t('tags.deleteBody', { count: tag.users_count }) }}
    />
  );
}

/**
 * Marketplace Tags, on the spec's calls (GET and POST /marketplace-tags, PUT
 * /marketplace-tags/{id}; contests document, section 7): no delete is among them.
 */
export function MarketplaceTagsPage() {
  const { t } = useTranslation('admin');
  return (
    <TagsPage<MarketplaceTag>
      title={t('pages.marketplaceTags')}
      intro={t('marketplaceTags.intro')}
      testId="marketplace-tags"
      load={getMarketplaceTags}
      create={createMarketplaceTag}
      rename={renameMarketplaceTag}
    />
  );
}
