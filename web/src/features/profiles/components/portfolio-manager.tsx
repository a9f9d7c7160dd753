import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PageNav } from '@/components/ui/page-nav';
import { Spinner } from '@/components/ui/spinner';
import { getContestTypes } from '@/lib/api/catalogue';
import { ApiError } from '@/lib/api-client';
import { catalogueText } from '@/lib/catalogue';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';
import { useFileUrl } from '@/lib/use-file-url';
import type { ContestType } from '@/types/api';

import { addPortfolioItem, deletePortfolioItem, getPortfolio, updatePortfolioItem, type PortfolioItem } from '../api/profiles';

/** `portfolio_type_id` of an item added from an upload (entries follow their contest's category). */
const ADDITIONAL = 1;
const MAX_TITLE = 200;

/** The first message of a field in a refusal from the server. */
function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields[field]?.[0]?.message : undefined;
}

function Thumb({ item }: { item: PortfolioItem }) {
  const url = useFileUrl(item.portfolio_file?.full_path, { size: 'thumb' });
  return url ? <img src={url} alt={item.title} className="h-full w-full object-cover" /> : <span className="text-xs text-slate-600">{item.title.slice(0, 1)}</span>;
}

interface EditorProps {
  userId: number;
  types: ContestType[];
  /** Absent: a new item (an image is required). */
  item: PortfolioItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The add / edit dialog: image (new items), title, category, description. */
function PortfolioEditor({ userId, types, item, onClose, onSaved }: EditorProps) {
  const { t } = useTranslation('profiles');
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState(item?.title ?? '');
  const [category, setCategory] = useState(item ? String(item.category.id) : '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const formId = useId();
  const fixedCategory = item !== null && item.portfolio_type_id !== ADDITIONAL;

  const missing = {
    file: item === null && file === null ? t('manage.imageRequired') : undefined,
    title: title.trim() === '' ? t('manage.titleRequired') : undefined,
    category: category === '' ? t('manage.categoryRequired') : undefined,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (pending || missing.file || missing.title || missing.category) return;
    setPending(true);
    setFailure(null);
    try {
      const fields = { title: title.trim(), description: description.trim(), category_id: Number(category) };
      if (item === null) {
        const [stored] = await uploadFiles([file!], FILE_CATEGORY.mainEntry);
        await addPortfolioItem(userId, { ...fields, file_id: stored.id });
        toast.success(t('manage.added'));
      } else {
        await updatePortfolioItem(userId, item.id, fields);
        toast.success(t('manage.updated'));
      }
      onSaved();
    } catch (error) {
      setFailure(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <ModalDialog
      title={item === null ? t('manage.addTitle') : t('manage.editTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" form="portfolio-editor" isLoading={pending} disabled={pending}>
            {item === null ? t('manage.add') : t('manage.save')}
          </Button>
        </>
      }
    >
      <form id="portfolio-editor" onSubmit={submit} noValidate className="space-y-4" data-testid="portfolio-editor">
        {failure !== null && <Alert>{errorMessage(failure)}</Alert>}
        {item === null && (
          <div>
            <label htmlFor={`${formId}-image`} className="mb-1 block text-sm font-medium text-slate-700">
              {t('manage.image')}
            </label>
            <input id={`${formId}-image`} type="file" accept="image/*" name="image" onChange={(event) => setFile(event.target.files?.[0] ?? null)} className="block text-sm" />
            {touched && missing.file && <p className="mt-1 text-xs text-red-600">{missing.file}</p>}
          </div>
        )}
        <TextField label={t('manage.title')} name="title" value={title} onChange={setTitle} maxLength={MAX_TITLE} error={(touched ? missing.title : undefined) ?? fieldError(failure, 'title')} />
        <SelectField
          label={t('manage.category')}
          name="category"
          value={category}
          onChange={setCategory}
          disabled={fixedCategory}
          placeholder={t('manage.chooseCategory')}
          options={types.map((type) => ({ value: String(type.id), label: catalogueText(type.title) }))}
          error={(touched ? missing.category : undefined) ?? fieldError(failure, 'category_id')}
        />
        <label className="block">
          <span className="mb-1 block text-sm font-medium text-slate-700">{t('manage.description')}</span>
          <textarea name="description" value={description} onChange={(event) => setDescription(event.target.value)} rows={3} maxLength={5000} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        </label>
      </form>
    </ModalDialog>
  );
}

/**
 * The designer's own portfolio on their profile page: add an item (an uploaded image with a title
 * and category), edit it, delete it after a confirmation.
 */
export function PortfolioManager({ userId }: { userId: number }) {
  const { t } = useTranslation('profiles');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<PortfolioItem[] | null>(null);
  const [hasNext, setHasNext] = useState(false);
  const [types, setTypes] = useState<ContestType[]>([]);
  const [editing, setEditing] = useState<PortfolioItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PortfolioItem | null>(null);
  const [pending, setPending] = useState(false);

  const load = useCallback(() => {
    getPortfolio(userId, { page, sort: '-created_at', category: null }).then(
      (answer) => {
        setItems(answer.data);
        setHasNext(Boolean(answer.next_page_url));
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, [userId, page]);
  useEffect(load, [load]);
  useEffect(() => {
    getContestTypes().then(setTypes, () => undefined);
  }, []);

  async function remove(item: PortfolioItem) {
    setPending(true);
    try {
      await deletePortfolioItem(userId, item.id);
      toast.success(t('manage.deleted'));
      setDeleting(null);
      load();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6" data-testid="portfolio-manager">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('manage.heading')}</h2>
        <Button onClick={() => setEditing('new')}>{t('manage.add')}</Button>
      </header>
      {items === null ? (
        <Spinner label={t('common:loading')} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{t('manage.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} data-testid="portfolio-manager-item" className="flex items-center gap-4 py-3">
              <div className="flex h-14 w-20 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100">
                <Thumb item={item} />
              </div>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-medium break-words text-slate-800">{item.title}</p>
                <p className="text-xs text-slate-500">{catalogueText(item.category.title)}</p>
              </div>
              <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setEditing(item)} aria-label={t('manage.editItem', { title: item.title })}>
                {t('manage.edit')}
              </Button>
              <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setDeleting(item)} aria-label={t('manage.deleteItem', { title: item.title })}>
                {t('manage.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || hasNext) && <PageNav page={page} hasNext={hasNext} onPage={setPage} />}
      {editing !== null && (
        <PortfolioEditor
          userId={userId}
          types={types}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      {deleting !== null && (
        <ModalDialog
          title={t('manage.confirmTitle')}
          onClose={() => setDeleting(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {t('cancel', { ns: 'common' })}
              </Button>
              <Button onClick={() => void remove(deleting)} isLoading={pending} disabled={pending}>
                {t('manage.confirmDelete')}
              </Button>
            </>
          }
        >
          {t('manage.confirmText', { title: deleting.title })}
        </ModalDialog>
      )}
    </section>
  );
}
