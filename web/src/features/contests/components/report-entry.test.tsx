import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';
import type { Entry } from '@/types/api';

import { ReportEntry } from './report-entry';

const others = [{ id: 8, number: 2, created_by_user: { id: 5, username: 'ana' } }] as unknown as Entry[];
const candidate = (id: number, number: number) => ({
  data: { entry: { id, contest_id: 11, number, designer: { id: 5, username: 'ana' }, title: null }, contest: { id: 11, title: 'Harbor Coffee' } },
});

function open(routes: Parameters<typeof mockRoutes>[0]) {
  const requests = mockRoutes({ 'POST /contests/3/entries/9/reports': () => jsonResponse(201, { data: {} }), ...routes });
  renderRoutes([{ path: '/', element: <ReportEntry contestId={3} entry={{ id: 9, number: 4 }} others={others} /> }], '/');
  fireEvent.click(screen.getByRole('button', { name: 'Report Entry' }));
  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'It copies my mark' } });
  return requests;
}

describe('reporting a copied entry', () => {
  it('checks an entry of another contest by its id, names it, and sends the report with it', async () => {
    const requests = open({ 'GET /contest-entry-reports/verify-copying-entry/40': () => jsonResponse(200, candidate(40, 7)) });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'other' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Its entry ID' }), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('copied-entry')).toHaveTextContent('Copies entry #7 by ana in Harbor Coffee');
    expect(requests.at(-1)?.url).toBe('/contest-entry-reports/verify-copying-entry/40?entry_id=9');
    fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));
    await screen.findByText('Thank you: the entry has been reported.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'It copies my mark', copied_entry_id: 40 });
  });

  it('sends nothing when the server refuses the copied entry (the same entry, or one not seen)', async () => {
    const requests = open({ 'GET /contest-entry-reports/verify-copying-entry/8': () => errorResponse(422, 'copied_entry_id.different', 'x') });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('Copy entry is same as report entry')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
