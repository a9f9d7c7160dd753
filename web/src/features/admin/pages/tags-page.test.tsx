import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { MarketplaceTagsPage } from './tags-page';

describe('the marketplace tags page', () => {
  it("shows each tag's title as its name and creates one with the title the server reads", async () => {
    await i18n.changeLanguage('en');
    const term = { id: 3, title: 'Retro', is_active: 1, created_at: 1 };
    const requests = mockRoutes({
      'GET /marketplace-tags': () => jsonResponse(200, { data: [term] }),
      'POST /marketplace-tags': () => jsonResponse(201, { data: { ...term, id: 4, title: 'Bold' } }),
    });
    renderRoutes([{ path: '/', element: <MarketplaceTagsPage /> }], '/');
    expect(await screen.findByText('Retro')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Tag name'), ' Bold ');
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ title: 'Bold' });
  });
});
