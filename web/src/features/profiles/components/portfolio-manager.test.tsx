import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { PortfolioManager } from './portfolio-manager';

vi.mock('@/lib/upload', () => ({
  FILE_CATEGORY: { contestBrief: 4, mainEntry: 5, otherEntry: 8 },
  uploadFiles: vi.fn(() => Promise.resolve([{ id: 77, name: 'mark.png', full_path: 'files/mark.png' }])),
}));

const item = (id: number, title: string, type = 1) => ({
  id,
  title,
  description: '',
  user_id: 7,
  portfolio_type_id: type,
  portfolio_type: type === 1 ? 'Additional' : 'Contest Entry',
  category: { id: 1, title: 'Logo Design' },
  created_at: 1_700_000_000_000,
  like_reactions_count: 0,
  auth_user_reactions: [],
  portfolio_file: null,
});

function renderManager() {
  let items = [item(5, 'Harbor mark')];
  const requests = mockRoutes({
    'GET /users/7/portfolios': () => jsonResponse(200, { data: items, current_page: 1, per_page: 12, total: items.length, next_page_url: null }),
    'GET /contests/types': () => jsonResponse(200, { data: [{ id: 1, title: 'Logo Design' }, { id: 2, title: 'Web Design' }] }),
    'POST /users/7/portfolios': (request: RecordedRequest) => {
      const body = request.body as { title: string };
      items = [item(6, body.title), ...items];
      return jsonResponse(201, { data: items[0] });
    },
    'PUT /users/7/portfolios/5': (request: RecordedRequest) => {
      items = items.map((x) => (x.id === 5 ? { ...x, title: (request.body as { title: string }).title } : x));
      return jsonResponse(200, { data: items.find((x) => x.id === 5) });
    },
    'DELETE /users/7/portfolios/5': () => {
      items = items.filter((x) => x.id !== 5);
      return new Response(null, { status: 204 });
    },
  });
  renderRoutes([{ path: '/profile', element: <PortfolioManager userId={7} /> }], '/profile');
  return { requests, user: userEvent.setup() };
}

describe("the designer's portfolio management", () => {
  it('adds an item from an uploaded image, with a title and category, after checking the fields', async () => {
    const { requests, user } = renderManager();
    await screen.findByText('Harbor mark');
    await user.click(screen.getByRole('button', { name: 'Add to portfolio' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add to portfolio' }));
    expect(within(dialog).getByText('Choose an image.')).toBeInTheDocument();
    expect(within(dialog).getByText('The title is required.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.upload(within(dialog).getByLabelText('Image'), new File(['png'], 'mark.png', { type: 'image/png' }));
    await user.type(within(dialog).getByLabelText('Title'), 'Night menu');
    await user.selectOptions(within(dialog).getByLabelText('Category'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add to portfolio' }));
    expect(await screen.findByText('Night menu')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ title: 'Night menu', description: '', category_id: 2, file_id: 77 });
  });

  it('edits and, once confirmed, deletes an item', async () => {
    const { requests, user } = renderManager();
    await screen.findByText('Harbor mark');
    await user.click(screen.getByRole('button', { name: 'Edit Harbor mark' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Harbor mark, final');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Harbor mark, final')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Harbor mark, final' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Harbor mark, final' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Harbor mark, final')).toBeNull());
    expect(screen.getByText('Your portfolio is empty: add your best work.')).toBeInTheDocument();
  });

  it('keeps an entry item in its contest category', async () => {
    await i18n.changeLanguage('es');
    mockRoutes({
      'GET /users/7/portfolios': () => jsonResponse(200, { data: [item(8, 'Entrada', 2)], current_page: 1, per_page: 12, total: 1, next_page_url: null }),
      'GET /contests/types': () => jsonResponse(200, { data: [{ id: 1, title: 'Logo Design' }] }),
    });
    renderRoutes([{ path: '/profile', element: <PortfolioManager userId={7} /> }], '/profile');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Editar Entrada' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Categoría')).toBeDisabled();
  });
});
