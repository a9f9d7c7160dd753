import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { paths } from '@/config/paths';
import { supportMail } from '@/config/support';
import type { ProjectsView } from '@/features/projects/components/projects-page';
import { isDesigner } from '@/lib/roles';
import { session, setCurrentUser } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-page';

import { loadFeedbackDialog } from '../../widget-loaders';

// Each page's code loads when the page is first opened (see lazyComponent).
const ProjectBriefEditPage = lazyComponent(() => import('@/features/projects/components/brief-edit-page').then((m) => m.ProjectBriefEditPage));
const ProjectLaunchPage = lazyComponent(() => import('@/features/projects/components/launch-page').then((m) => m.ProjectLaunchPage));
const PreferencesPage = lazyComponent(() => import('@/features/projects/components/preferences-page').then((m) => m.PreferencesPage));
const ProjectsPage = lazyComponent(() => import('@/features/projects/components/projects-page').then((m) => m.ProjectsPage));
// The workroom's feedback questions (the feedback feature's) load with it.
const WorkroomPage = lazyComponent(() => {
  void loadFeedbackDialog();
  return import('@/features/projects/components/workroom-page').then((m) => m.WorkroomPage);
});

const positiveId = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * `/projects/{projectId}/{bidId}/review`, where the specification sends a client after editing a
 * brief from a bid: the bid on its project in the client's project list, as a notification opens it.
 */
export function BidReviewRoute() {
  const params = useParams();
  const [projectId, bidId] = [positiveId(params.projectId), positiveId(params.bidId)];
  const to = projectId && bidId ? `/projects/all-projects?projectId=${projectId}&bidId=${bidId}` : paths.dashboard;
  return <Navigate to={to} replace />;
}

/**
 * `/projects/launch[/{category}[/{subCategory}[/{service}]]]`, open to visitors, in the launch
 * page's own frame (logo, log in or the user's name, footer).
 */
export function ProjectLaunchRoute() {
  const { t } = useTranslation('projects');
  const { user } = useSnapshot(session);
  const params = useParams();
  const [search] = useSearchParams();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3">
        <Link to={paths.dashboard} className="text-lg font-bold text-indigo-700">
          Vitrine
        </Link>
        {user ? (
          <span className="flex items-center gap-3 text-sm text-slate-700">
            {user.username}
            <Link to={paths.logout} className="text-indigo-600 hover:underline">
              {t('shell.logOut')}
            </Link>
          </span>
        ) : (
          <span className="flex items-center gap-4 text-sm">
            <a href={supportMail()} className="text-slate-600 hover:underline">
              {t('shell.contactUs')}
            </a>
            <Link to={paths.login} className="font-semibold text-indigo-600 hover:underline">
              {t('shell.logIn')}
            </Link>
          </span>
        )}
      </header>
      <main className="flex-1">
        <ProjectLaunchPage
          user={user}
          slugs={{ category: params.category, subCategory: params.subCategory, service: params.service }}
          creativeId={search.get('creative_id')}
          onUser={setCurrentUser}
        />
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-3 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Vitrine ·{' '}
        <Link to={paths.terms} className="hover:underline">
          {t('shell.terms')}
        </Link>
      </footer>
    </div>
  );
}

/** `/projects/all-projects` (client), `/projects/unstarted-projects` and `/projects/my-projects` (designer). */
export function ProjectsRoute({ view }: { view: ProjectsView }) {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  return <ProjectsPage key={view} user={user} view={view} />;
}

/** `/projects/{id}/projects-updates` and `.../upload-artwork`: the workroom. */
export function WorkroomRoute({ upload = false }: { upload?: boolean }) {
  const { user } = useSnapshot(session);
  const projectId = positiveId(useParams().projectId);
  if (projectId === null) return <Navigate to={paths.dashboard} replace />;
  if (user === null) return null;
  return <WorkroomPage key={projectId} projectId={projectId} user={user} upload={upload} />;
}

/** `/projects/preferences`: a designer's categories, sub-categories and services. */
export function PreferencesRoute() {
  const { user } = useSnapshot(session);
  if (user === null) return null;
  if (!isDesigner(user)) return <Navigate to={paths.dashboard} replace />;
  return <PreferencesPage user={user} />;
}

/**
 * `/projects/launch/{projectId}/edit` and `/projects/launch/{projectId}/{bidId}/edit`: the owner
 * edits the brief of a project still taking bids (the server refuses everyone else).
 */
export function ProjectBriefEditRoute() {
  const params = useParams();
  const projectId = positiveId(params.projectId);
  const bidId = params.bidId === undefined ? null : positiveId(params.bidId);
  if (projectId === null || (params.bidId !== undefined && bidId === null)) return <Navigate to={paths.dashboard} replace />;
  return <ProjectBriefEditPage key={`${projectId}:${bidId}`} projectId={projectId} bidId={bidId} />;
}
