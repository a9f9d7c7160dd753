import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { setCurrentUser, startSession } from '@/lib/session';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import { USER_TYPE, type User } from '@/types/api';

import { LaunchBriefPage } from './launch-brief-page';

const client = { id: 2, user_type_id: USER_TYPE.client } as User;

const type = {
  id: 1,
  title: 'Logo',
  listing_title: 'Logo Contest',
  launch_brief_slug: 'logo-design',
  has_terms: 0,
  participate_terms: null,
  brief_html: { text: '' },
  only_tip_start: 0,
  is_quick_start: 1,
};

const questions = [
  {
    id: 101,
    form_field_type_id: 2,
    is_required: 1,
    is_title: 1,
    is_description: 0,
    is_quick_start: 1,
    title: 'What name should appear in your logo?',
    placeholder: null,
    html_content: null,
    options: [],
  },
];

function renderLaunch(contestType: typeof type = type) {
  startSession('t');
  setCurrentUser(client);
  const requests = mockRoutes({
    'GET /contests/types/by-slug/logo-design': () => jsonResponse(200, { data: contestType }),
    'GET /contests/types/1/questions': () => jsonResponse(200, { data: questions }),
    'POST /contests': () => jsonResponse(201, { data: { id: 42 } }),
  });
  const view = renderRoutes(
    [
      { path: '/contests/:slug/launch', element: <LaunchBriefPage target={{ mode: 'launch', slug: 'logo-design' }} user={client} /> },
      { path: '/contests/:id/options', element: <p>Options step</p> },
    ],
    '/contests/logo-design/launch',
  );
  return { requests, ...view };
}

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('LaunchBriefPage', () => {
  it("shows 'Please fill in the brief' for 15 seconds and sends nothing while the brief is incomplete", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { requests } = renderLaunch();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in the brief');
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    act(() => {
      vi.advanceTimersByTime(14_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in the brief');
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(screen.queryByText('Please fill in the brief')).not.toBeInTheDocument();
  });

  it('shows the required-field message under a brief question in Spanish', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    renderLaunch();
    await user.click(await screen.findByRole('button', { name: i18n.t('launch-brief:continue') }));

    expect(screen.getByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('creates the contest, clears the draft and goes on to the options step', async () => {
    const user = userEvent.setup();
    const { requests } = renderLaunch();
    await user.type(await screen.findByLabelText(/What name should appear/), 'Harbor');
    expect(window.localStorage.getItem('titleValue')).toBe('Harbor');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Options step')).toBeInTheDocument();
    expect(screen.getByText('Your design brief has been created!')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ contest_type_id: 1, contest_type_questions: [{ id: 101, answer: 'Harbor' }] });
    expect(window.localStorage.getItem('titleValue')).toBeNull();
  });

  it("sends the acceptance of the type's terms, which the server records", async () => {
    const user = userEvent.setup();
    const { requests } = renderLaunch({ ...type, has_terms: 1, participate_terms: 'Entries must be original.' } as unknown as typeof type);
    await user.type(await screen.findByLabelText(/What name should appear/), 'Harbor');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Options step')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ contest_type_id: 1, agree_terms: 1 });
  });

  it('restores the draft title', async () => {
    window.localStorage.setItem('titleValue', 'Draft name');
    renderLaunch();
    expect(await screen.findByLabelText(/What name should appear/)).toHaveValue('Draft name');
  });

  describe('edit mode with the edit flag', () => {
    const subscriber = { ...client, detail: { has_subscribed: 1 } } as unknown as User;
    const brief = {
      contest_id: 42,
      contest_type_id: 1,
      title: 'Harbor Coffee',
      description: '',
      answers: [{ contest_type_question_id: 101, form_field_type_id: 2, answer: 'Harbor Coffee', answer_options: [], answer_slider_options: [], answer_file_ids: [] }],
    };
    const page = (data: unknown[]) => jsonResponse(200, { data, current_page: 1, per_page: 48, total: data.length });

    function renderEdit(viewer: User, open: unknown[] = []) {
      startSession('t');
      setCurrentUser(viewer);
      const requests = mockRoutes({
        'GET /contests/42/briefs': () => jsonResponse(200, { data: brief }),
        'GET /contests/types/1': () => jsonResponse(200, { data: type }),
        'GET /contests/types/1/questions': () => jsonResponse(200, { data: questions }),
        'PUT /contests/42/briefs': () => jsonResponse(200, { data: { id: 42 } }),
        'GET /contests/unstarted': () => page(open),
        'GET /contests/active': () => page([]),
      });
      const view = renderRoutes(
        [
          { path: '/contests/:id/briefs/edit', element: <LaunchBriefPage target={{ mode: 'edit', contestId: 42 }} user={viewer} /> },
          { path: '/contests/:id/options', element: <p>Options step</p> },
          { path: '/dashboard', element: <p>Dashboard</p> },
        ],
        '/contests/42/briefs/edit?edit=1',
      );
      return { requests, ...view };
    }

    it("offers a subscriber Start Contest Now, Add To Unlimited Queue, Pay To Start and Cancel and Update; Cancel and Update saves and returns", async () => {
      const { requests, router } = renderEdit(subscriber);
      const user = userEvent.setup();
      await screen.findByRole('button', { name: 'Start Contest Now' });
      const labels = screen.getAllByRole('button').map((b) => b.textContent);
      expect(labels).toEqual(expect.arrayContaining(['Start Contest Now', 'Add To Unlimited Queue', 'Pay To Start', 'Cancel and Update']));
      expect(screen.queryByRole('button', { name: 'Update Brief' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Cancel and Update' }));
      await screen.findByText('Dashboard');
      expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
      expect(router.state.location.pathname).toBe('/dashboard');
    });

    it('sends Pay To Start to the options with payment, and Start Contest Now to the start modal', async () => {
      const pay = renderEdit(subscriber);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay To Start' }));
      await screen.findByText('Options step');
      expect(`${pay.router.state.location.pathname}${pay.router.state.location.search}`).toBe('/contests/42/options?pay=1');
      pay.unmount();
      const start = renderEdit(subscriber);
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Start Contest Now' }));
      await screen.findByText('Options step');
      expect(start.router.state.location.search).toBe('?subscribed=1&start=1');
    });

    it('hides Start Contest Now while another contest holds the free slot, and offers a non-subscriber Pay To Start', async () => {
      const other = { id: 9, status_id: 1, request: { approval_status_id: 1 } };
      const held = renderEdit(subscriber, [other]);
      await screen.findByRole('button', { name: 'Add To Unlimited Queue' });
      expect(screen.queryByRole('button', { name: 'Start Contest Now' })).toBeNull();
      held.unmount();
      renderEdit(client);
      await screen.findByRole('button', { name: 'Pay To Start' });
      expect(screen.getByRole('button', { name: 'Cancel and Update' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add To Unlimited Queue' })).toBeNull();
    });

    it('without the flag keeps the single Update Brief', async () => {
      startSession('t');
      setCurrentUser(client);
      mockRoutes({
        'GET /contests/42/briefs': () => jsonResponse(200, { data: brief }),
        'GET /contests/types/1': () => jsonResponse(200, { data: type }),
        'GET /contests/types/1/questions': () => jsonResponse(200, { data: questions }),
      });
      renderRoutes([{ path: '/contests/:id/briefs/edit', element: <LaunchBriefPage target={{ mode: 'edit', contestId: 42 }} user={client} /> }], '/contests/42/briefs/edit');
      expect(await screen.findByRole('button', { name: 'Update Brief' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel and Update' })).toBeNull();
    });
  });
});
