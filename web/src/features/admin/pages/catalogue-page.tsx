import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ApiError, isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { uploadFiles } from '@/lib/upload';
import { priceDollars } from '@/lib/money';

import { createItem, deleteItem, listLevel, updateItem, type CatalogueInput, type CatalogueItem, type CatalogueLevel } from '../api/catalogue-admin';
import { AdminPage } from '../components/admin-page';
import { AdminTable, type Column } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';
import { FileThumb } from '../components/file-thumb';

/** Project uploads (the files area's category 13): the catalogue's pictures. */
const IMAGE_UPLOAD_CATEGORY = 13;

interface FormState {
  title: string;
  launch_slug: string;
  category: string;
  subCategory: string;
  description: string;
  minimum: string;
  maximum: string;
  images: string[];
}

function initial(item: CatalogueItem | null): FormState {
  return {
    title: item?.title ?? '',
    launch_slug: item?.launch_slug ?? '',
    category: item?.project_category_id ? String(item.project_category_id) : '',
    subCategory: item?.project_sub_category_id ? String(item.project_sub_category_id) : '',
    description: item?.description ?? '',
    minimum: item?.minimum_amount !== undefined ? String(item.minimum_amount) : '',
    maximum: item?.maximum_amount !== undefined ? String(item.maximum_amount) : '',
    images: item?.images ? item.images.map((image) => image.files.full_path) : item?.image_path ? [item.image_path] : [],
  };
}

function payload(level: CatalogueLevel, form: FormState): CatalogueInput {
  const base: CatalogueInput = { title: form.title.trim(), launch_slug: form.launch_slug.trim() || undefined };
  if (level === 'categories') return { ...base, image_path: form.images[0] ?? null };
  if (level === 'sub-categories') return { ...base, project_category_id: Number(form.category), image_path: form.images[0] ?? null };
  return {
    ...base,
    project_category_id: Number(form.category),
    project_sub_category_id: Number(form.subCategory),
    description: form.description,
    minimum_amount: Number(form.minimum),
    maximum_amount: Number(form.maximum),
    images: form.images,
  };
}

/** The create / edit dialog of one catalogue item, with its picture(s) uploaded here. */
function ItemDialog({ level, item, categories, subCategories, onClose, onSaved }: {
  level: CatalogueLevel;
  item: CatalogueItem | null;
  categories: CatalogueItem[];
  subCategories: CatalogueItem[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form, setForm] = useState(() => initial(item));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));

  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    setBusy(true);
    try {
      const stored = await uploadFiles([...files], IMAGE_UPLOAD_CATEGORY);
      const paths = stored.map((file) => file.full_path);
      set({ images: level === 'services' ? [...form.images, ...paths] : paths.slice(0, 1) });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      if (item) await updateItem(level, item.id, payload(level, form));
      else await createItem(level, payload(level, form));
      toast.success(item ? t('catalogue.saved') : t('catalogue.created'));
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const fieldErrors: Record<string, string | undefined> = {};
        for (const name of Object.keys(error.fields)) fieldErrors[name] = error.fieldMessage(name);
        setErrors(fieldErrors);
      } else {
        toast.error(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  }

  const categoryOptions = categories.map((c) => ({ value: String(c.id), label: c.title }));
  const subOptions = subCategories.filter((s) => String(s.project_category_id) === form.category).map((s) => ({ value: String(s.id), label: s.title }));
  return (
    <ModalDialog
      title={item ? t('catalogue.editTitle', { title: item.title }) : t(`catalogue.newTitle.${level}`)}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void save()} isLoading={busy} disabled={busy || form.title.trim() === ''}>
            {item ? t('save') : t('catalogue.create')}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('catalogue.title')} value={form.title} onChange={(title) => set({ title })} error={errors.title} />
        <TextField label={t('catalogue.slug')} value={form.launch_slug} onChange={(launch_slug) => set({ launch_slug })} error={errors.launch_slug} placeholder={t('catalogue.slugHint')} />
        {level !== 'categories' && (
          <SelectField label={t('catalogue.category')} value={form.category} onChange={(category) => set({ category, subCategory: '' })} options={categoryOptions} error={errors.project_category_id} placeholder={t('catalogue.choose')} />
        )}
        {level === 'services' && (
          <SelectField label={t('catalogue.subCategory')} value={form.subCategory} onChange={(subCategory) => set({ subCategory })} options={subOptions} error={errors.project_sub_category_id} placeholder={t('catalogue.choose')} />
        )}
        {level === 'services' && (
          <>
            <TextField label={t('catalogue.minimum')} type="number" min={0} value={form.minimum} onChange={(minimum) => set({ minimum })} error={errors.minimum_amount} />
            <TextField label={t('catalogue.maximum')} type="number" min={0} value={form.maximum} onChange={(maximum) => set({ maximum })} error={errors.maximum_amount} />
            <label className="block sm:col-span-2">
              <span className="mb-1 block text-sm font-medium text-slate-700">{t('catalogue.description')}</span>
              <textarea className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" rows={3} value={form.description} onChange={(event) => set({ description: event.target.value })} />
            </label>
          </>
        )}
        <div className="sm:col-span-2">
          <span className="mb-1 block text-sm font-medium text-slate-700">{level === 'services' ? t('catalogue.images') : t('catalogue.image')}</span>
          <div className="flex flex-wrap items-center gap-3">
            {form.images.map((path) => (
              <span key={path} className="relative">
                <FileThumb path={path} size="size-16" />
                <button type="button" aria-label={t('catalogue.removeImage')} className="absolute -right-2 -top-2 rounded-full bg-white px-1.5 text-xs shadow" onClick={() => set({ images: form.images.filter((p) => p !== path) })}>
                  ×
                </button>
              </span>
            ))}
            <label className="cursor-pointer rounded-md border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-600 hover:bg-slate-50">
              {t('catalogue.upload')}
              <input type="file" accept="image/*" multiple={level === 'services'} className="sr-only" onChange={(event) => void upload(event.target.files)} />
            </label>
          </div>
        </div>
      </div>
    </ModalDialog>
  );
}

/** Project Categories, Sub-categories and Services: create, edit (with pictures), delete. */
export function CataloguePage({ level }: { level: CatalogueLevel }) {
  // One list per level: switching pages starts afresh.
  return <CatalogueList key={level} level={level} />;
}

function CatalogueList({ level }: { level: CatalogueLevel }) {
  const { t } = useTranslation('admin');
  const [items, setItems] = useState<CatalogueItem[] | null>(null);
  const [categories, setCategories] = useState<CatalogueItem[]>([]);
  const [subCategories, setSubCategories] = useState<CatalogueItem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<CatalogueItem | null | 'new'>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([listLevel(level, controller.signal), listLevel('categories', controller.signal), listLevel('sub-categories', controller.signal)])
      .then(([own, cats, subs]) => {
        setItems(own);
        setCategories(cats);
        setSubCategories(subs);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [level, generation]);

  const nameOf = (list: CatalogueItem[], id?: number) => list.find((item) => item.id === id)?.title ?? '—';
  const columns: Column<CatalogueItem>[] = [
    {
      header: t('catalogue.title'),
      cell: (item) => {
        const picture = item.images?.[0]?.files.full_path ?? item.image_path;
        return (
          <span className="flex items-center gap-3">
            <FileThumb path={picture} />
            <span className="font-medium text-slate-900">{item.title}</span>
          </span>
        );
      },
    },
    { header: t('catalogue.slug'), cell: (item) => <code className="text-xs text-slate-500">{item.launch_slug}</code> },
  ];
  if (level !== 'categories') columns.push({ header: t('catalogue.category'), cell: (item) => nameOf(categories, item.project_category_id) });
  if (level === 'services') {
    columns.push({ header: t('catalogue.subCategory'), cell: (item) => nameOf(subCategories, item.project_sub_category_id) });
    columns.push({
      header: t('catalogue.budget'),
      end: true,
      cell: (item) =>
        item.minimum_amount === undefined || item.maximum_amount === undefined
          ? '—'
          : `${priceDollars(item.minimum_amount)} – ${priceDollars(item.maximum_amount)}`,
    });
  }
  columns.push({
    header: t('columns.actions'),
    end: true,
    cell: (item) => (
      <div className="flex justify-end gap-2">
        <button type="button" className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50" onClick={() => setEditing(item)}>
          {t('edit')}
        </button>
        <ConfirmButton
          label={t('delete')}
          destructive
          title={t('catalogue.deleteTitle', { title: item.title })}
          body={t('catalogue.deleteBody')}
          confirmLabel={t('delete')}
          done={t('catalogue.deleted')}
          onConfirm={() => deleteItem(level, item.id)}
          onDone={() => setGeneration((n) => n + 1)}
        />
      </div>
    ),
  });
  const titles = { categories: 'pages.categories', 'sub-categories': 'pages.subCategories', services: 'pages.services' } as const;
  return (
    <AdminPage
      title={t(titles[level])}
      intro={t(`catalogue.intro.${level}`)}
      total={items?.length}
      actions={<Button onClick={() => setEditing('new')}>{t(`catalogue.new.${level}`)}</Button>}
    >
      <AdminTable testId={`catalogue-${level}`} columns={columns} rows={items} failure={failure} rowKey={(item) => item.id} empty={t('catalogue.empty')} />
      {editing !== null && (
        <ItemDialog
          level={level}
          item={editing === 'new' ? null : editing}
          categories={categories}
          subCategories={subCategories}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setGeneration((n) => n + 1);
          }}
        />
      )}
    </AdminPage>
  );
}
