import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { session, setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { routes } from './router';

const EMPTY_PAGE = { data: [], total: 0, next_page_url: null, current_page: 1, per_page: 48 };
const CATEGORIES = { data: [{ id: 1, title: 'Logo & Brand Identity', launch_slug: 'logo-brand-identity', image_path: null }] };

describe('project routes', () => {
  for (const [path, type, heading] of [
    ['/projects/all-projects', USER_TYPE.client, 'My Projects'],
    ['/projects/unstarted-projects', USER_TYPE.designer, 'Unstarted Projects'],
    ['/projects/my-projects', USER_TYPE.designer, 'My Projects'],
  ] as const) {
    it(`builds ${path}`, async () => {
      mockRoutes({
        'GET /projects': () => jsonResponse(200, EMPTY_PAGE),
        'GET /projects/active': () => jsonResponse(200, EMPTY_PAGE),
      });
      startSession('tok');
      setCurrentUser(buildUser({ user_type_id: type }));
      renderRoutes(routes, path);
      const main = await screen.findByRole('main');
      expect(await within(main).findByRole('heading', { name: heading })).toBeInTheDocument();
    });
  }

  it('opens /projects/{projectId}/{bidId}/review as the bid on its project', async () => {
    mockRoutes({
      'GET /projects': () => jsonResponse(200, EMPTY_PAGE),
      'GET /projects/{id}': () => jsonResponse(404, { error: { code: 'project.not_found', message: 'Not found', status: 404, fields: {} } }),
    });
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.client }));
    const { router } = renderRoutes(routes, '/projects/12/34/review');
    await screen.findByRole('main');
    expect(router.state.location.pathname).toBe('/projects/all-projects');
    expect(router.state.location.search).toBe('?projectId=12&bidId=34');
  });

  it('lets a visitor open the launch screen, the form covered until a service is chosen', async () => {
    mockRoutes({ 'GET /projects/categories': () => jsonResponse(200, CATEGORIES) });
    renderRoutes(routes, '/projects/launch');
    expect(await screen.findByRole('heading', { name: 'Start a New Project' })).toBeInTheDocument();
    expect(screen.getByText('Please select a sub-category and service')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Logo & Brand Identity' })).toBeInTheDocument();
    expect(session.user).toBeNull();
  });

  it('sends a signed-in designer from the launch screen to the dashboard with the message', async () => {
    mockRoutes({
      'GET /projects/categories': () => jsonResponse(200, CATEGORIES),
      'GET /oauth/users': () => jsonResponse(200, { data: buildUser({ user_type_id: USER_TYPE.designer }) }),
    });
    startSession('tok');
    const { router } = renderRoutes(routes, '/projects/launch');
    expect(await screen.findByText('You do not have the correct account type to launch a project.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('the launch screen by subscription', () => {
  it('offers a subscribed client Continue only, and others the queue and Pay To Start', async () => {
    mockRoutes({ 'GET /projects/categories': () => jsonResponse(200, CATEGORIES) });
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.client, detail: { ...buildUser().detail!, has_subscribed: 1 } }));
    const { unmount } = renderRoutes(routes, '/projects/launch');
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay To Start' })).not.toBeInTheDocument();
    unmount();

    setCurrentUser(buildUser({ user_type_id: USER_TYPE.client }));
    renderRoutes(routes, '/projects/launch');
    expect(await screen.findByRole('button', { name: 'Pay To Start' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add To Unlimited Queue' })).toBeInTheDocument();
  });
});
