import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Update } from '../api/updates';

import { UpdateCard } from './update-card';

const update = {
  id: 5,
  project_id: 4,
  status_id: 1,
  description: 'First round.',
  rating: null,
  created_at: 1_795_807_322_000,
  created_by_user: { id: 7, username: 'dana' },
  files: [],
  other_files: [],
} as unknown as Update;

describe('an update of the workroom', () => {
  it('is dated by the shared formatter, day first on a 24-hour clock in Spanish', async () => {
    await i18n.changeLanguage('es');
    const empty = jsonResponse(200, { data: [], current_page: 1, per_page: 20, total: 0, next_page_url: null });
    mockRoutes({
      'GET /projects/4/updates/5/comments': () => empty,
      'GET /projects/4/updates/5/reactions': () => jsonResponse(200, { data: [] }),
      'GET /projects/4/updates/5/image-tags': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes(
      [{ path: '/', element: <ul><UpdateCard projectId={4} update={update} isOwner liveComments={[]} likes={undefined} liveTags={[]} /></ul> }],
      '/',
    );
    expect(await screen.findByText(`· ${formatDateTime(update.created_at, 'es')}`)).toBeInTheDocument();
    expect(screen.getByTestId('update').textContent).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}, /);
  });

  it("shows the viewer's own like as pressed, read from the reactors the answer names", async () => {
    await i18n.changeLanguage('en');
    const empty = jsonResponse(200, { data: [], current_page: 1, per_page: 20, total: 0, next_page_url: null });
    const me = { id: 3, username: 'olga', is_me: true, role: 'Contest Holder', user_type_id: 2, profile_picture: null };
    mockRoutes({
      'GET /projects/4/updates/5/comments': () => empty,
      'GET /projects/4/updates/5/reactions': () => jsonResponse(200, { data: [{ emoji_reaction_id: 1, count: 2, users: [me] }] }),
      'GET /projects/4/updates/5/image-tags': () => jsonResponse(200, { data: [] }),
    });
    renderRoutes(
      [{ path: '/', element: <ul><UpdateCard projectId={4} update={update} isOwner liveComments={[]} likes={undefined} liveTags={[]} /></ul> }],
      '/',
    );
    const like = await screen.findByTestId('update-like');
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveTextContent('2');
  });
});
