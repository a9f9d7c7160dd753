import { useTranslation } from 'react-i18next';

import { formatDate } from '../launch-rules';
import type { Project } from '../types';
import { catalogueText } from '@/lib/catalogue';
import { priceDollars } from '@/lib/money';

/** Status badge colours by status id. */
const BADGE: Record<number, string> = {
  1: 'bg-sky-100 text-sky-800',
  2: 'bg-green-100 text-green-800',
  3: 'bg-amber-100 text-amber-800',
  4: 'bg-amber-100 text-amber-800',
  5: 'bg-violet-100 text-violet-800',
  6: 'bg-slate-200 text-slate-700',
};

export function StatusBadge({ statusId }: { statusId: number }) {
  const { t } = useTranslation('projects');
  return (
    <span data-testid="project-status" className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[statusId] ?? BADGE[1]}`}>
      {t(`status.${statusId}`)}
    </span>
  );
}

/** The timeline as a client chose it: a card's label or the custom range. */
export function TimelineText({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const { timeline, timeline_range_start: start, timeline_range_end: end } = project.detail;
  if (timeline) return <>{t(`timeline.days${timeline}`)}</>;
  if (start && end) return <>{t('timeline.range', { start: formatDate(start), end: formatDate(end) })}</>;
  return <>{t('timeline.none')}</>;
}

/** Title, status, service, budget, timeline and bid count of a project. */
export function ProjectSummary({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  return (
    <header className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-xl font-bold break-words text-slate-900">{project.title}</h2>
          <p className="text-xs text-slate-500">
            {catalogueText(project.category?.title ?? '')} &gt; {catalogueText(project.sub_category?.title ?? '')} &gt; {catalogueText(project.service?.title ?? '')}
          </p>
        </div>
        <StatusBadge statusId={project.status_id} />
      </div>
      <p className="mt-3 text-sm whitespace-pre-wrap text-slate-700">{project.description}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{t('project.budget')}</dt>
          <dd className="font-semibold" data-testid="project-budget">
            {project.budget == null ? '—' : priceDollars(project.budget)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('project.timeline')}</dt>
          <dd className="font-semibold">
            <TimelineText project={project} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('project.bids')}</dt>
          <dd className="font-semibold" data-testid="bids-count">
            {project.bids_count}
          </dd>
        </div>
      </dl>
    </header>
  );
}
