import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { ApiError, isAbortError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useChannel } from '@/realtime/hooks';
import {
  BANNER_COLORS,
  createBanner,
  deleteBanner,
  getBanners,
  updateBanner,
  type Banner,
  type BannerColor,
} from '@/lib/api/banners';
import { BANNER_STYLES } from '@/lib/banner-style';

import { AdminPage } from '../components/admin-page';
import { AdminTable } from '../components/admin-table';
import { ConfirmButton } from '../components/confirm-button';

/** Banners: write one in one of the five colours; it shows at once in every open browser. */
export function BannersPage() {
  const { t } = useTranslation('admin');
  const [banners, setBanners] = useState<Banner[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [color, setColor] = useState<BannerColor>('info');
  const [errors, setErrors] = useState<{ message?: string; color?: string }>({});
  const [saving, setSaving] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getBanners(true, controller.signal)
      .then(setBanners)
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [generation]);
  // Another admin's change shows here too.
  useChannel('broadcast', { onEvent: () => setGeneration((n) => n + 1) });
  const reload = () => setGeneration((n) => n + 1);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await createBanner({ message, color, is_active: true });
      toast.success(t('banners.published'));
      setMessage('');
      reload();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors({ message: error.fieldMessage('message'), color: error.fieldMessage('color') });
      } else {
        toast.error(errorMessage(error));
      }
    } finally {
      setSaving(false);
    }
  }

  const colorOptions = BANNER_COLORS.map((value) => ({ value, label: t(`banners.colors.${value}`) }));
  return (
    <AdminPage title={t('pages.banners')} intro={t('banners.intro')} total={banners?.length}>
      <form onSubmit={(event) => void submit(event)} className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-[1fr_12rem_auto] md:items-end">
        <TextField label={t('banners.message')} value={message} onChange={setMessage} error={errors.message} maxLength={280} />
        <SelectField label={t('banners.color')} value={color} onChange={(value) => setColor(value as BannerColor)} options={colorOptions} error={errors.color} placeholder={t('catalogue.choose')} />
        <Button type="submit" isLoading={saving} disabled={saving}>
          {t('banners.publish')}
        </Button>
        {message.trim() !== '' && (
          <div className={`rounded-md border px-4 py-2 text-sm md:col-span-3 ${BANNER_STYLES[color]}`} aria-label={t('banners.preview')}>
            {message}
          </div>
        )}
      </form>
      <AdminTable
        testId="banners-table"
        rows={banners}
        failure={failure}
        rowKey={(banner) => banner.id}
        empty={t('banners.empty')}
        columns={[
          {
            header: t('banners.message'),
            cell: (banner) => (
              <span className={`inline-block max-w-xl rounded border px-2 py-1 ${BANNER_STYLES[banner.color]}`}>{banner.message}</span>
            ),
          },
          { header: t('banners.color'), cell: (banner) => t(`banners.colors.${banner.color}`) },
          {
            header: t('banners.state'),
            cell: (banner) => (
              <span className={banner.is_active ? 'font-medium text-emerald-700' : 'text-slate-500'}>
                {banner.is_active ? t('banners.shown') : t('banners.hidden')}
              </span>
            ),
          },
          { header: t('columns.updated'), cell: (banner) => formatDateTime(banner.updated_at) },
          {
            header: t('columns.actions'),
            end: true,
            cell: (banner) => (
              <div className="flex justify-end gap-2">
                <button
                  type="button"
                  className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                  onClick={() =>
                    void updateBanner(banner.id, { is_active: !banner.is_active })
                      .then(() => {
                        toast.success(banner.is_active ? t('banners.hiddenDone') : t('banners.published'));
                        reload();
                      })
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  {banner.is_active ? t('banners.hide') : t('banners.show')}
                </button>
                <ConfirmButton
                  label={t('delete')}
                  destructive
                  title={t('banners.deleteTitle')}
                  body={t('banners.deleteBody')}
                  confirmLabel={t('delete')}
                  done={t('banners.deleted')}
                  onConfirm={() => deleteBanner(banner.id)}
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
