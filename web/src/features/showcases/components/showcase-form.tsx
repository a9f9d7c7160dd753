import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-fields';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';

import { createShowcase, getShowcase, updateShowcase } from '@/lib/api/showcases';

/** /showcases/new and /showcases/:id/edit: title, description, link and image. */
export function ShowcaseForm() {
  const { t } = useTranslation('showcases');
  const { showcaseId } = useParams();
  const editing = showcaseId !== undefined;
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  const [fileId, setFileId] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!editing) return;
    getShowcase(Number(showcaseId))
      .then((showcase) => {
        setTitle(showcase.title);
        setDescription(showcase.description);
        setUrl(showcase.url ?? '');
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [editing, showcaseId]);

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const [stored] = await uploadFiles([file], FILE_CATEGORY.mainEntry);
      setFileId(stored?.id ?? null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') {
      setFields({ title: t('required') });
      return;
    }
    setPending(true);
    setFields({});
    try {
      const body = { title, description, url, ...(fileId !== null ? { file_id: fileId } : {}) };
      const saved = editing ? await updateShowcase(Number(showcaseId), body) : await createShowcase(body);
      toast.success(t('saved'));
      navigate(`/showcases/${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setFields(Object.fromEntries(Object.entries(error.fields).map(([key, list]) => [key, list[0]?.message ?? ''])));
      } else {
        setFailure(errorMessage(error));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{editing ? t('editTitle') : t('newTitle')}</h1>
      {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
      <form onSubmit={(event) => void submit(event)} className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <TextField label={t('fieldTitle')} name="title" value={title} onChange={setTitle} error={fields.title} maxLength={200} />
        <label className="block text-sm font-medium text-slate-700">
          {t('fieldDescription')}
          <textarea
            name="description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            rows={4}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none"
          />
        </label>
        <TextField label={t('fieldUrl')} name="url" value={url} onChange={setUrl} error={fields.url} placeholder="https://" />
        <div>
          <label className="block text-sm font-medium text-slate-700">
            {t('fieldImage')}
            <input
              type="file"
              name="image"
              accept="image/*"
              onChange={(event) => void upload(event.target.files?.[0])}
              className="mt-1 block w-full text-sm"
            />
          </label>
          <p className="mt-1 text-xs text-slate-500">{uploading ? t('uploading') : t('imageHint')}</p>
          {fields.file_id && <p className="mt-1 text-xs text-red-600">{fields.file_id}</p>}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('cancel')}
          </Button>
          <Button type="submit" isLoading={pending} disabled={pending || uploading}>
            {editing ? t('save') : t('create')}
          </Button>
        </div>
      </form>
    </section>
  );
}
