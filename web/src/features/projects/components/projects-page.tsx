import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { api, ok } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useUserChannel } from '@/realtime/hooks';
import { typedEvent } from '@/realtime/events';
import type { User } from '@/types/api';
import { priceDollars } from '@/lib/money';

import { getProject } from '../api/projects';
import { PROJECT_STATUS, type Project } from '../types';

import { ProjectDetail } from './project-detail';
import { StatusBadge } from './project-summary';

/** Which list: the client's own, the designer's open projects, or the designer's assigned ones. */
export type ProjectsView = 'all-projects' | 'unstarted-projects' | 'my-projects';

/** A view's list: the designer's projects under way, or the caller's projects. */
const listOf = (view: ProjectsView) => (view === 'my-projects' ? ok(api.GET('/projects/active')) : ok(api.GET('/projects')));

/** Notification type 13: the client invited the designer to their project (projects doc, section 9). */
const INVITED = 13;

/** A project list with the focused project (`projectId`, `bidId` from a notification) beside it. */
export function ProjectsPage({ user, view }: { user: User; view: ProjectsView }) {
  const { t } = useTranslation('projects');
  const [params, setParams] = useSearchParams();
  const [projects, setProjects] = useState<Project[] | null>(null);
  const projectId = Number(params.get('projectId')) || null;
  const bidId = Number(params.get('bidId')) || null;
  const commentId = Number(params.get('commentId')) || null;

  useEffect(() => {
    listOf(view).then(
      (page) => setProjects(page.data),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }, [view]);

  // An invitation (on the designer's own channel) brings its project into the open list at once:
  // the designer may read any live project over REST, so it is fetched rather than carried.
  useUserChannel(view === 'unstarted-projects' ? user.id : null, {
    onEvent: (event) => {
      const typed = typedEvent(event);
      if (typed?.type !== 'notification.created') return;
      const notice = typed.data;
      const id = notice.data?.project_id;
      if (notice.notification_type_id !== INVITED || typeof id !== 'number') return;
      getProject(id).then(
        (project) => {
          if (project.status_id !== PROJECT_STATUS.live) return;
          setProjects((list) => (list === null || list.some((p) => p.id === id) ? list : [project, ...list]));
        },
        () => undefined,
      );
    },
  });

  const changed = useCallback((project: Project) => {
    setProjects((list) => list?.map((p) => (p.id === project.id ? { ...p, ...project } : p)) ?? list);
  }, []);

  function deleted(id: number) {
    setProjects((list) => list?.filter((p) => p.id !== id) ?? list);
    setParams({});
  }

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{t(`lists.${view}`)}</h1>
        {view !== 'all-projects' && (
          <Link to="/projects/preferences" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            {t('preferences.link')}
          </Link>
        )}
        {view === 'all-projects' && (
          <Link to="/projects/launch" className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
            {t('launch.heading')}
          </Link>
        )}
      </div>
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <nav aria-label={t(`lists.${view}`)} className={projectId ? 'hidden lg:block' : ''}>
          {projects === null ? (
            <p className="text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>
          ) : projects.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{t(`lists.empty.${view}`)}</p>
          ) : (
            <ul className="space-y-2">
              {projects.map((project) => (
                <li key={project.id}>
                  <button
                    type="button"
                    data-testid="project-row"
                    onClick={() => setParams({ projectId: String(project.id) })}
                    className={`w-full rounded-lg border p-3 text-left shadow-sm ${project.id === projectId ? 'border-indigo-500 bg-indigo-50' : 'border-slate-200 bg-white hover:border-slate-300'}`}
                  >
                    <span className="block truncate font-semibold text-slate-900">{project.title}</span>
                    <span className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-600">
                      <StatusBadge statusId={project.status_id} />
                      <span>
                        {project.budget == null ? '' : `${priceDollars(project.budget)} · `}
                        {t('lists.bids', { count: project.bids_count })}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section className="min-w-0">
          {projectId ? (
            <>
              <button type="button" onClick={() => setParams({})} className="mb-2 text-sm text-indigo-600 lg:hidden">
                ← {t('lists.back')}
              </button>
              <ProjectDetail key={projectId} projectId={projectId} user={user} focusedBidId={bidId} focusedCommentId={commentId} onChange={changed} onDeleted={deleted} />
            </>
          ) : (
            <p className="hidden rounded-xl border border-dashed border-slate-300 p-10 text-center text-sm text-slate-500 lg:block">{t('lists.pick')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
