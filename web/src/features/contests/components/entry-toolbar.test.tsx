import { renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { FilterStats } from '../api/filter-stats';
import { useFilterStats } from '../use-filter-stats';
import { EntryToolbar } from './entry-toolbar';

const query = { page: 1, sort: 'newest', status: '', designer: '' } as const;
const counts: FilterStats = { all: 12, active: 10, eliminated: 2, winners: 1, designers: 5, mine: 3, rated: null };

describe('the entry filters', () => {
  it('show how many entries each filter holds, and by how many designers', () => {
    renderRoutes([{ path: '/', element: <EntryToolbar query={query} isOwner={false} counts={counts} onChange={() => undefined} /> }], '/');
    expect(screen.getByRole('option', { name: 'All entries (12)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Active (10)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Eliminated (2)' })).toBeInTheDocument();
    expect(screen.getByTestId('filter-stats')).toHaveTextContent('5 designers · 1 winner · 3 of yours');
  });

  it('show the bare filters until the counts arrive, and read in Spanish', async () => {
    await i18n.changeLanguage('es');
    const { unmount } = renderRoutes([{ path: '/', element: <EntryToolbar query={query} isOwner counts={null} onChange={() => undefined} /> }], '/');
    expect(screen.queryByTestId('filter-stats')).toBeNull();
    unmount();
    renderRoutes([{ path: '/', element: <EntryToolbar query={query} isOwner counts={{ ...counts, mine: null, rated: 4, winners: 0 }} onChange={() => undefined} /> }], '/');
    expect(screen.getByTestId('filter-stats')).toHaveTextContent('5 diseñadores · 4 calificadas');
  });
});

describe('useFilterStats', () => {
  it('reloads once after a burst of events, with the latest counts', async () => {
    let all = 1;
    const requests = mockRoutes({ 'GET /contests/3/filter-stats': () => jsonResponse(200, { data: { ...counts, all: all++ } }) });
    const { result } = renderHook(() => useFilterStats(3));
    // Three events while the first load is on its way: one more request, not three.
    result.current[1]();
    result.current[1]();
    result.current[1]();
    await waitFor(() => expect(result.current[0]?.all).toBe(2));
    expect(requests).toHaveLength(2);
  });
});
