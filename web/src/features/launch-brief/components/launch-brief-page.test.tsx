import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

function renderLaunch() {
  startSession('t');
  setCurrentUser(client);
  const requests = mockRoutes({
    'GET /contests/types/by-slug/logo-design': () => jsonResponse(200, { data: type }),
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

afterEach(() => {
  vi.useRealTimers();
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

  it('restores the draft title', async () => {
    window.localStorage.setItem('titleValue', 'Draft name');
    renderLaunch();
    expect(await screen.findByLabelText(/What name should appear/)).toHaveValue('Draft name');
  });
});
