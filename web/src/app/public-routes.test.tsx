import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { routes } from './router';

const TYPES = [
  { id: 1, title: 'Logo', listing_title: 'Logo Contest', launch_brief_slug: 'logo-design', has_terms: 0, is_quick_start: 1, only_tip_start: 0, brief_html: { text: '' } },
  { id: 2, title: 'Web Page', listing_title: 'Web Page Contest', launch_brief_slug: 'web-page-design', has_terms: 0, is_quick_start: 0, only_tip_start: 0, brief_html: { text: '' } },
  { id: 30, title: 'Photo Restoration', listing_title: 'Photo Restoration Contest', launch_brief_slug: 'photo-restoration', has_terms: 0, is_quick_start: 0, only_tip_start: 1, brief_html: { text: '' } },
];

describe('the doors of a signed-out visitor', () => {
  it('gives a visitor at / a landing page with the three doors', async () => {
    mockRoutes({ 'GET /contests/types': () => jsonResponse(200, { data: TYPES }) });
    const { router } = renderRoutes(routes, '/');

    const contest = await screen.findByTestId('door-contest', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/');
    expect(within(contest).getByRole('link', { name: 'Launch a contest' })).toHaveAttribute('href', '/contests/logo-design/launch');
    // The contest types a brief can start from, tip-only ones left out.
    expect(await within(contest).findByRole('link', { name: 'Web Page' })).toHaveAttribute('href', '/contests/web-page-design/launch');
    expect(within(contest).queryByRole('link', { name: 'Photo Restoration' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('door-project')).getByRole('link', { name: 'Start a project' })).toHaveAttribute('href', '/projects/launch');
    expect(within(screen.getByTestId('door-designer')).getByRole('link', { name: 'Join as a designer' })).toHaveAttribute('href', '/signup');
    expect(screen.getByTestId('footer-terms')).toHaveAttribute('href', '/terms-conditions');
  });

  it('sends a signed-in user at / to the dashboard', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ name: 'Casey' }));
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Casey' }, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByTestId('landing')).not.toBeInTheDocument();
  });

  it('offers both a client and a designer account from the login page', async () => {
    mockRoutes({});
    const { router } = renderRoutes(routes, '/login');
    const choice = await screen.findByTestId('create-account-choice');
    expect(within(choice).getByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(within(choice).getByRole('link', { name: 'I want to hire designers' })).toHaveAttribute('href', '/create-account');
    expect(within(choice).getByRole('link', { name: 'I am a designer' })).toHaveAttribute('href', '/signup');

    await userEvent.setup().click(within(choice).getByRole('link', { name: 'I am a designer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(await screen.findByTestId('to-client-signup')).toHaveAttribute('href', '/create-account');
  });

  it('shows the terms from a footer, and the old /terms link lands on them', async () => {
    mockRoutes({ 'GET /contests/types': () => jsonResponse(200, { data: TYPES }) });
    const { router } = renderRoutes(routes, '/');
    await userEvent.setup().click(await screen.findByTestId('footer-terms', {}, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '5. Ownership of the work' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms-conditions');
    // The tab names the page, then the product (each route's handle.title).
    expect(document.title).toBe('Terms and Conditions | Vitrine');

    await router.navigate('/terms');
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-conditions'));
  });

  it('lets a visitor browse the marketplace in the public frame', async () => {
    const empty = { data: [], current_page: 1, per_page: 12, next_page_url: null, total: 0 };
    mockRoutes({
      'GET /contests/types': () => jsonResponse(200, { data: TYPES }),
      'GET /marketplace-contests/search': () => jsonResponse(200, empty),
    });
    const { router } = renderRoutes(routes, '/marketplace');
    expect(await screen.findByTestId('marketplace-visitor', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace');
    expect(await screen.findByTestId('marketplace-empty')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Marketplace | Vitrine'));
  });
});
