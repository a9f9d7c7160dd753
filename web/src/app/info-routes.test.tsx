import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { setCurrentUser, startSession } from '@/lib/session';
import { buildUser } from '@/testing/data';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE } from '@/types/api';

import { routes } from './router';

const CONTEST = {
  id: 5,
  title: 'Bakery logo',
  description: 'A warm logo for a small bakery.',
  contest_type_id: 1,
  contest_type_title: 'Logo',
  status_id: 2,
  submission_ends_at: Date.now() + 3 * 86_400_000,
  deciding_ends_at: null,
  detail: { winning_entry_amount: 300 },
};
const ENTRY = {
  id: 41,
  contest_id: 5,
  number: 1,
  title: 'Bread mark',
  status: 'active',
  files: [],
  likes_count: 0,
  is_winner: 0,
  created_by_user: { id: 9, username: 'dora' },
};
const SHARED = { code: 'abc123DEF456', network: 'link', contest_id: 5, contest: CONTEST };
const TYPES = { data: [] };

describe('a share link', () => {
  it('shows a visitor the contest it names, with its entries and the ways in', async () => {
    const requests = mockRoutes({
      'GET /shares/abc123DEF456': () => jsonResponse(200, { data: SHARED }),
      'GET /contests/5/entries/with-details': () =>
        jsonResponse(200, { data: [ENTRY], current_page: 1, per_page: 48, next_page_url: null, total: 1 }),
    });
    const { router } = renderRoutes(routes, '/share/abc123DEF456');
    const page = await screen.findByTestId('shared-contest', {}, { timeout: 5000 });
    expect(within(page).getByRole('heading', { level: 1, name: 'Bakery logo' })).toBeInTheDocument();
    expect(within(page).getByText('A warm logo for a small bakery.')).toBeInTheDocument();
    expect(within(page).getByText('$300')).toBeInTheDocument();
    expect(await within(page).findByText('Bread mark')).toBeInTheDocument();
    expect(within(page).getByTestId('entry-total')).toHaveTextContent('1 entry');
    expect(within(page).getByTestId('shared-login')).toHaveAttribute('href', '/login');
    expect(within(page).getByRole('link', { name: 'Join as a designer' })).toHaveAttribute('href', '/signup');
    expect(router.state.location.pathname).toBe('/share/abc123DEF456');
    // The public frame (a visitor), and the page named in the tab.
    expect(screen.getByTestId('public-login')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Shared contest | Vitrine'));
    // The entries come from REST, which leaves out what this visitor may not see.
    const asked = requests.map((r) => r.url.split('?')[0]).filter((url) => url.startsWith('/shares') || url.startsWith('/contests'));
    expect(asked).toEqual(['/shares/abc123DEF456', '/contests/5/entries/with-details']);
  });

  it('covers the page with the loader overlay until the link answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockRoutes({ 'GET /shares/slow': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoutes(routes, '/share/slow');
    const overlay = await screen.findByTestId('loader-overlay', {}, { timeout: 5000 });
    expect(overlay).toHaveAttribute('data-state', 'loading');
    expect(within(overlay).getByRole('status')).toBeInTheDocument();
    answer(errorResponse(404, 'share.link_not_found', 'This shared link does not work.'));
    expect(await screen.findByTestId('share-not-found')).toBeInTheDocument();
  });

  it('takes a member on to the contest page', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.designer }));
    mockRoutes({ 'GET /shares/abc123DEF456': () => jsonResponse(200, { data: SHARED }) });
    const { router } = renderRoutes(routes, '/share/abc123DEF456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contests/5/entries'), { timeout: 5000 });
  });

  it('says a bad or unknown link does not work, in English and Spanish, instead of leaving', async () => {
    mockRoutes({
      'GET /shares/nosuchcode': () => errorResponse(404, 'share.link_not_found', 'This shared link does not work.'),
      'GET /contests/types': () => jsonResponse(200, TYPES),
    });
    const { router } = renderRoutes(routes, '/share/nosuchcode');
    const missing = await screen.findByTestId('share-not-found', {}, { timeout: 5000 });
    expect(within(missing).getByRole('heading', { name: 'Shared link not found' })).toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/share/nosuchcode');

    await i18n.changeLanguage('es');
    expect(await within(missing).findByRole('heading', { name: 'No encontramos el enlace compartido' })).toBeInTheDocument();

    // No code at all: the same page, without asking the server.
    await router.navigate('/share');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No encontramos el enlace compartido' })).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/share');
  });

  it('keeps a signed-in reader of a dead link in their shell, with the way back to the dashboard', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.client }));
    mockRoutes({ 'GET /shares/gone': () => errorResponse(404, 'share.link_not_found', 'gone') });
    const { router } = renderRoutes(routes, '/share/gone');
    const missing = await screen.findByTestId('share-not-found', {}, { timeout: 5000 });
    expect(within(missing).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(router.state.location.pathname).toBe('/share/gone');
  });
});

describe('Meet Vitrine', () => {
  it('is reachable from the signed-out footer, and the spec\'s /meet-flocksy lands on it', async () => {
    mockRoutes({ 'GET /contests/types': () => jsonResponse(200, TYPES) });
    const { router } = renderRoutes(routes, '/');
    await userEvent.setup().click(await screen.findByTestId('footer-meet', {}, { timeout: 5000 }));
    const meet = await screen.findByTestId('meet', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/meet-vitrine');
    expect(within(meet).getByRole('heading', { level: 1, name: 'Meet Vitrine' })).toBeInTheDocument();
    expect(within(meet).getByRole('heading', { name: 'How contests work' })).toBeInTheDocument();
    expect(within(meet).getByRole('heading', { name: 'How projects work' })).toBeInTheDocument();
    expect(within(meet).getByTestId('meet-launch')).toHaveAttribute('href', '/contests/logo-design/launch');
    expect(within(meet).getByRole('link', { name: 'Start a project' })).toHaveAttribute('href', '/projects/launch');
    expect(within(meet).getByTestId('meet-signup')).toHaveAttribute('href', '/signup');
    expect(within(meet).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Meet Vitrine | Vitrine'));

    await router.navigate('/meet-flocksy');
    await waitFor(() => expect(router.state.location.pathname).toBe('/meet-vitrine'));
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conocé Vitrine' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cómo funcionan los concursos' })).toBeInTheDocument();
  });

  it('offers a member no sign-up', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.client }));
    mockRoutes({});
    renderRoutes(routes, '/meet-flocksy');
    const meet = await screen.findByTestId('meet', {}, { timeout: 5000 });
    expect(within(meet).queryByTestId('meet-signup')).not.toBeInTheDocument();
    expect(within(meet).getByTestId('meet-launch')).toBeInTheDocument();
  });
});

describe('help and FAQ', () => {
  it('links How to use, FAQ and Contact from the signed-in header to pages that exist', async () => {
    startSession('tok');
    setCurrentUser(buildUser({ user_type_id: USER_TYPE.designer }));
    mockRoutes({});
    const { router } = renderRoutes(routes, '/help');
    const help = await screen.findByTestId('help', {}, { timeout: 5000 });
    // jsdom's pointer moves carry no related element (see router.test.tsx): click without hovering.
    expect(within(help).getByRole('heading', { level: 1, name: 'How to use Vitrine' })).toBeInTheDocument();
    expect(within(help).getByRole('heading', { name: 'If you are a designer' })).toBeInTheDocument();

    const user = userEvent.setup({ skipHover: true });
    const menu = screen.getByTestId('support-menu');
    await user.click(within(menu).getByRole('button', { name: 'Help' }));
    expect(within(menu).getByRole('link', { name: 'How to use Vitrine' })).toHaveAttribute('href', '/help');
    expect(within(menu).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:support@vitrine.local');
    await user.click(within(menu).getByRole('link', { name: 'FAQ' }));
    const faq = await screen.findByTestId('faq', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/faq');
    expect(within(faq).getAllByTestId('faq-item')).toHaveLength(8);
    expect(within(faq).getByText('Who owns the design?')).toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await within(faq).findByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeInTheDocument();
    expect(within(screen.getByTestId('support-menu')).getByRole('button', { name: 'Ayuda' })).toBeInTheDocument();
  });

  it('opens help to visitors in the public frame', async () => {
    mockRoutes({});
    renderRoutes(routes, '/faq');
    expect(await screen.findByTestId('faq', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('public-login')).toBeInTheDocument();
    expect(screen.queryByTestId('support-menu')).not.toBeInTheDocument();
  });
});
