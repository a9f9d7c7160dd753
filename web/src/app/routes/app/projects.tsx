import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';

import { LaunchLayout } from '@/components/layouts/launch-layout';
import { paths } from '@/config/paths';
import { useLinkParams } from '@/features/auth/hooks/use-link-params';
import { AccountTabs } from '@/features/auth/signup-client/account-tabs';
import { DesignerProfileHost } from '@/features/profiles/components/designer-profile-host';
import type { ProjectsView } from '@/features/projects/components/projects-page';
import { isDesigner } from '@/lib/roles';
import { session, setCurrentUser } from '@/lib/session';
import type { User } from '@/types/api';
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
 * pages' frame. A visitor's account step is the contest launch's (Create Account with the terms,
 * the referral and the server's per-field messages, or Log in); the profile modal opens over the
 * invite dialog once the project is live.
 */
export function ProjectLaunchRoute() {
  const { user } = useSnapshot(session);
  const params = useParams();
  const [search] = useSearchParams();
  useLinkParams();
  return (
    <LaunchLayout hosts={user ? <DesignerProfileHost /> : null}>
      <ProjectLaunchPage
        user={user}
        slugs={{ category: params.category, subCategory: params.subCategory, service: params.service }}
        creativeId={search.get('creative_id')}
        onUser={setCurrentUser}
        AccountGate={ProjectAccountGate}
      />
    </LaunchLayout>
  );
}

/** The project launch's account step: the launch flows' tabs, its Log in button saying 'Log me in'. */
export function ProjectAccountGate({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const { t } = useTranslation('projects');
  return <AccountTabs onSignedIn={(user) => onSignedIn(user)} logInLabel={t('guest.logMeIn')} />;
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
