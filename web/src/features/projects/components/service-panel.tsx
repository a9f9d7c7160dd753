import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Category, Service, SubCategory } from '../types';
import { catalogueText } from '@/lib/catalogue';
import { priceDollars } from '@/lib/money';

/** One slide: the service's image, or its initials on a gradient when the image is missing. */
function Slide({ src, title }: { src: string; title: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-3xl font-bold text-white">
        {title}
      </div>
    );
  }
  return <img src={src} alt={title} onError={() => setBroken(true)} className="aspect-video w-full rounded-lg object-cover" />;
}

/** The chosen service: slideshow `i / n`, title, 'category > sub-category', description. */
export function ServicePanel({ service, category, subCategory }: { service: Service; category: Category | null; subCategory: SubCategory | null }) {
  const { t } = useTranslation('projects');
  const [index, setIndex] = useState(0);
  const images = service.images;
  const count = images.length;
  const current = count > 0 ? images[index % count] : null;
  return (
    <aside data-testid="service-panel" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="relative">
        {current ? <Slide key={current.id} src={current.files.full_path} title={catalogueText(service.title)} /> : <Slide src="" title={catalogueText(service.title)} />}
        {count > 1 && (
          <>
            <button type="button" aria-label={t('service.previous')} onClick={() => setIndex((i) => (i + count - 1) % count)} className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 px-2.5 py-1 shadow">
              ‹
            </button>
            <button type="button" aria-label={t('service.next')} onClick={() => setIndex((i) => (i + 1) % count)} className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 px-2.5 py-1 shadow">
              ›
            </button>
          </>
        )}
        {count > 0 && (
          <span className="absolute right-2 bottom-2 rounded bg-slate-900/70 px-2 py-0.5 text-xs text-white">
            {(index % count) + 1} / {count}
          </span>
        )}
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{catalogueText(service.title)}</h2>
      <p className="text-xs text-slate-500">
        {catalogueText(category?.title ?? '')} &gt; {catalogueText(subCategory?.title ?? '')}
      </p>
      <p className="text-sm text-slate-700">{catalogueText(service.description ?? '')}</p>
      <p className="text-xs font-medium text-slate-600">{t('service.range', { min: priceDollars(service.minimum_amount), max: priceDollars(service.maximum_amount) })}</p>
    </aside>
  );
}
