import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, ok } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { getPreferences, prefer, removeImage, unprefer, type PreferenceKind, type Preferences, type Preferred } from '../api/preferences';
import { useAttachments } from '../hooks/use-attachments';
import type { Category, Service, SubCategory } from '../types';

import { FileImage } from './file-image';
import { catalogueText } from '@/lib/catalogue';

interface Catalogue {
  categories: Category[];
  subCategories: SubCategory[];
  services: Service[];
}

const LISTS: Record<PreferenceKind, keyof Preferences> = {
  categories: 'categories',
  'sub-categories': 'sub_categories',
  services: 'services',
};

/** A designer's project preferences: categories, sub-categories and services, with images of work. */
export function PreferencesPage({ user }: { user: User }) {
  const { t } = useTranslation('projects');
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [mine, setMine] = useState<Preferences | null>(null);

  useEffect(() => {
    Promise.all([
      ok(api.GET('/projects/categories')),
      ok(api.GET('/projects/sub-categories')),
      ok(api.GET('/projects/services')),
      getPreferences(),
    ]).then(
      ([c, s, v, p]) => {
        setCatalogue({ categories: c.data, subCategories: s.data, services: v.data });
        setMine(p);
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, []);

  const find = useCallback((kind: PreferenceKind, id: number) => mine?.[LISTS[kind]].find((p) => p.id === id), [mine]);

  async function toggle(kind: PreferenceKind, id: number) {
    try {
      const current = find(kind, id);
      if (current) {
        await unprefer(user.id, current.preference_id);
        setMine(await getPreferences());
      } else {
        setMine(await prefer(kind, id));
      }
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  if (catalogue === null || mine === null) return <p className="p-6 text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>;
  const box = (kind: PreferenceKind, id: number, title: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" checked={find(kind, id) !== undefined} onChange={() => void toggle(kind, id)} className="size-4 rounded text-indigo-600" />
      {title}
    </label>
  );
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-3 py-6 sm:px-6" data-testid="preferences">
      <h1 className="text-2xl font-bold text-slate-900">{t('preferences.title')}</h1>
      <p className="text-sm text-slate-600">{t('preferences.intro')}</p>
      {catalogue.categories.map((category) => (
        <section key={category.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="font-semibold">{box('categories', category.id, catalogueText(category.title))}</div>
          <div className="mt-3 space-y-3 pl-4 sm:pl-6">
            {catalogue.subCategories
              .filter((s) => s.project_category_id === category.id)
              .map((sub) => (
                <div key={sub.id}>
                  {box('sub-categories', sub.id, catalogueText(sub.title))}
                  <ul className="mt-2 space-y-2 pl-4 sm:pl-6">
                    {catalogue.services
                      .filter((s) => s.project_sub_category_id === sub.id)
                      .map((service) => {
                        const preferred = find('services', service.id);
                        return (
                          <li key={service.id}>
                            {box('services', service.id, catalogueText(service.title))}
                            {preferred && <ServiceWork service={service} preferred={preferred} onChange={setMine} />}
                          </li>
                        );
                      })}
                  </ul>
                </div>
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The images of work a designer shows with a preferred service. */
function ServiceWork({ service, preferred, onChange }: { service: Service; preferred: Preferred; onChange: (p: Preferences) => void }) {
  const { t } = useTranslation('projects');
  const { files, attach, clear } = useAttachments();
  useEffect(() => {
    if (files.length === 0) return;
    prefer('services', service.id, files.map((f) => f.id)).then(
      (p) => {
        clear();
        onChange(p);
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, [files, service.id, clear, onChange]);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 pl-6">
      {preferred.images.map((image) => (
        <span key={image.id} className="relative">
          <FileImage path={image.full_path} size="thumb" alt={catalogueText(service.title)} className="h-16 w-20 rounded-md border border-slate-200 object-cover" />
          <button type="button" aria-label={t('preferences.removeImage')} onClick={() => void removeImage(service.id, image.id).then(getPreferences).then(onChange, (e: unknown) => toast.error(errorMessage(e)))} className="absolute -top-2 -right-2 size-5 rounded-full bg-slate-800 text-xs text-white">
            ×
          </button>
        </span>
      ))}
      <label className="cursor-pointer rounded-md border border-dashed border-slate-300 px-3 py-2 text-xs text-slate-600">
        {t('preferences.addImages')}
        <input type="file" multiple accept="image/*" className="sr-only" onChange={(e) => void attach(e.target.files)} />
      </label>
    </div>
  );
}
