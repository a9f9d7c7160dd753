import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Project } from '../types';

import { mayDeleteProject } from '../project-rules';
import { ProjectsPage } from './projects-page';

const client = buildUser({ id: 1, user_type_id: 2, username: 'cleo', creative_level_id: null });
const project = (over: Partial<Project> = {}) =>
  ({
    id: 4, title: 'Harbor menu', description: 'A menu.', status_id: 1, budget: 300, bids_count: 0, approved_bid_id: null,
    queued_bid_id: null, is_subscription: 0, created_by_user: { id: 1, username: 'cleo' }, detail: { timeline: 7 },
    category: null, sub_category: null, service: null, ...over,
  }) as unknown as Project;
const page = (data: unknown[]) => jsonResponse(200, { data, current_page: 1, per_page: 50, total: data.length, next_page_url: null });

function open(shown: Project) {
  const requests = mockRoutes({
    'GET /projects': () => page([shown, project({ id: 5, title: 'Moon sign' })]),
    'GET /projects/4': () => jsonResponse(200, { data: shown }),
    'GET /projects/4/bids': () => page([]),
    'DELETE /projects/4': () => jsonResponse(200, { message: 'Project deleted' }),
  });
  const { router } = renderRoutes([{ path: '/projects/all-projects', element: <ProjectsPage user={client} view="all-projects" /> }], '/projects/all-projects?projectId=4');
  return { requests, router };
}

describe('deleting a project', () => {
  it('lets the owner delete a live project nobody bid on, after asking, and drops it from the list', async () => {
    const { requests, router } = open(project());
    const detail = await screen.findByTestId('project-detail');
    fireEvent.click(await within(detail).findByRole('button', { name: 'Delete project' }));
    expect(screen.getByText('Delete Harbor menu?')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete project' }).at(-1)!);
    await screen.findByText('Harbor menu was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/projects/4']);
    await waitFor(() => expect(screen.queryByTestId('project-detail')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(screen.getAllByTestId('project-row').map((row) => row.textContent)).toEqual([expect.stringContaining('Moon sign')]);
  });

  it('offers nothing once a designer has bid, or the project started', async () => {
    open(project({ bids_count: 2 }));
    const detail = await screen.findByTestId('project-detail');
    await within(detail).findByText('Harbor menu');
    expect(within(detail).queryByRole('button', { name: 'Delete project' })).toBeNull();
  });

  it('is offered only while the project is live with no bid, none approved', () => {
    expect(mayDeleteProject(project())).toBe(true);
    expect(mayDeleteProject(project({ bids_count: 1 }))).toBe(false);
    expect(mayDeleteProject(project({ status_id: 2, approved_bid_id: 30 }))).toBe(false);
  });
});
