import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from '@/components/ui/spinner';
import { catalogueText } from '@/lib/catalogue';
import { useLazyFileUrl } from '@/lib/use-file-url';

import { getPreferredServices, getServiceWork, type PreferredService, type ServiceWork } from '../api/profiles';

function Work({ work }: { work: ServiceWork }) {
  const [box, image] = useLazyFileUrl<HTMLDivElement>(work.file.full_path);
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="service-work">
      <div ref={box} className="aspect-[4/3] bg-slate-100">
        {image && <img src={image} alt={catalogueText(work.project_service.title)} className="h-full w-full object-cover" />}
      </div>
      <figcaption className="truncate px-3 py-2 text-xs text-slate-600">{catalogueText(work.project_service.title)}</figcaption>
    </figure>
  );
}

/**
 * Services: the project services the designer prefers (GET /users/{id}/project/services) and the
 * work shown with each (GET /users/{id}/project-preference/portfolios), filtered by service.
 * Signed-in readers only, as the server serves them; a visitor is asked to log in.
 */
export function ServicesTab({ userId, signedIn }: { userId: number; signedIn: boolean }) {
  const { t } = useTranslation('profiles');
  const [services, setServices] = useState<PreferredService[] | null>(null);
  const [works, setWorks] = useState<ServiceWork[]>([]);
  const [service, setService] = useState<number | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getPreferredServices(userId, controller.signal).then(setServices, () => setServices([]));
    getServiceWork(userId, controller.signal).then(setWorks, () => undefined);
    return () => controller.abort();
  }, [userId, signedIn]);

  if (!signedIn) return <p className="py-10 text-center text-slate-500">{t('services.logIn')}</p>;
  if (services === null) return <Spinner label={t('common:loading')} />;
  if (services.length === 0) return <p className="py-10 text-center text-slate-500">{t('services.none')}</p>;
  const chosen = services.find((s) => s.id === service);
  const shown = works.filter((work) => chosen === undefined || work.preference_id === chosen.preference_id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('services.filter')}>
        {[null, ...services].map((item) => (
          <button
            key={item?.id ?? 'all'}
            type="button"
            aria-pressed={service === (item?.id ?? null)}
            onClick={() => setService(item?.id ?? null)}
            className={`rounded-full border px-3 py-1 text-sm ${service === (item?.id ?? null) ? 'border-indigo-500 bg-indigo-50 text-indigo-800' : 'border-slate-300 bg-white text-slate-700'}`}
          >
            {item === null ? t('services.all') : catalogueText(item.title)}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{t('services.noWork')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((work) => (
            <Work key={`${work.preference_id}-${work.file.id}`} work={work} />
          ))}
        </div>
      )}
    </div>
  );
}
