import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import { renderRoutes } from '@/testing/render';
import type { Contest, ContestStatusId } from '@/types/api';

import { ContestRow } from './contest-row';

const plain = {
  id: 4,
  title: 'Harbor Coffee Roasters',
  contest_type_title: 'Logo Contest',
  status_id: 2,
  status_name: 'Active',
  submission_ends_at: null,
  deciding_ends_at: null,
  is_featured: 0,
  detail: { is_highlighted: 0, winning_entry_amount: 299, winning_entries_count: 1 },
} as unknown as Contest;

function renderRow(contest: Contest) {
  renderRoutes([{ path: '/', element: <ContestRow contest={contest} /> }], '/');
  return screen.getByTestId('contest-row');
}

describe('a contest in a list', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  // The server's simple names (ContestStatus::simple_name); an Unstarted contest shows Continue launch.
  it.each<[string, ContestStatusId, string]>([
    ['Active', 2, 'Activo'],
    ['Deciding', 3, 'En decisión'],
    ['Completed', 9, 'Completado'],
  ])('badges a %s contest in Spanish', async (name, statusId, spanish) => {
    await i18n.changeLanguage('es');
    renderRow({ ...plain, status_id: statusId, status_name: name });
    expect(screen.getByText(spanish)).toBeInTheDocument();
    expect(screen.queryByText(name)).toBeNull();
  });

  it('looks plain without upgrades', () => {
    const row = renderRow(plain);
    expect(screen.queryByTestId('featured-badge')).toBeNull();
    expect(screen.queryByTestId('highlighted-label')).toBeNull();
    expect(row.className).not.toContain('bg-amber-50');
  });

  it('carries a Featured badge when the client paid for Featured', () => {
    renderRow({ ...plain, is_featured: 1 });
    expect(screen.getByTestId('featured-badge').textContent).toContain('Featured');
    expect(screen.getByTestId('contest-row').getAttribute('data-featured')).toBe('true');
  });

  it('is set apart, background, border and label, when the client paid for Highlighted', () => {
    const row = renderRow({ ...plain, detail: { ...plain.detail, is_highlighted: 1 } });
    expect(screen.getByTestId('highlighted-label').textContent).toContain('Highlighted');
    expect(row.className).toContain('bg-amber-50');
    expect(row.className).toContain('border-amber-400');
    expect(screen.queryByTestId('featured-badge')).toBeNull();
  });
});
