import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { PortfolioTab } from './portfolio-tab';

const empty = { data: [], current_page: 1, per_page: 12, total: 0, next_page_url: null };

function show(stats: Record<string, unknown>) {
  const requests = mockRoutes({
    'GET /users/7/portfolios/categories': () => jsonResponse(200, { data: [] }),
    'GET /users/7/portfolios': () => jsonResponse(200, empty),
    'GET /users/7/portfolios/like-rating-stats': () => jsonResponse(200, { data: stats }),
  });
  renderRoutes([{ path: '/', element: <PortfolioTab userId={7} canLike={false} /> }], '/');
  return requests;
}

describe('the portfolio’s rating and likes filters', () => {
  it('offers thresholds up to the portfolio’s figures and asks for the filtered works', async () => {
    const requests = show({ portfolio_count: 12, like_reactions_count: 40, max_like_reactions_count: 12, rated_count: 3, average_rating: 4.333 });
    expect(await screen.findByTestId('portfolio-figures')).toHaveTextContent('12 works · 40 likes · 4.3 average from 3 ratings');
    const likes = screen.getByRole('combobox', { name: 'Minimum likes' });
    expect([...likes.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Any likes', '1 like or more', '5 likes or more', '10 likes or more']);
    fireEvent.change(likes, { target: { value: '5' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Minimum rating' }), { target: { value: '4' } });
    await waitFor(() =>
      expect(requests.some((r) => r.url.startsWith('/users/7/portfolios?') && r.url.includes('filter%5Blikes%5D=5') && r.url.includes('filter%5Brating%5D=4'))).toBe(true),
    );
  });

  it('offers no filter nothing could match, in Spanish', async () => {
    await i18n.changeLanguage('es');
    show({ portfolio_count: 2, like_reactions_count: 0, max_like_reactions_count: 0, rated_count: 0, average_rating: null });
    expect(await screen.findByTestId('portfolio-figures')).toHaveTextContent('2 trabajos · 0 me gusta');
    expect(screen.queryByRole('combobox', { name: 'Mínimo de me gusta' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Calificación mínima' })).toBeNull();
  });
});
