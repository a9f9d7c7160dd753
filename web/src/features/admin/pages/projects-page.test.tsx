import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { ProjectsPage } from './projects-page';

vi.mock('@/realtime/hooks', () => ({ useChannel: () => undefined }));

const project = { id: 12, title: 'Bakery menu', status_id: 2, budget: 300, internal_status_id: 3, created_at: 1 };
const page = (rows: unknown[]) => ({ data: rows, current_page: 1, per_page: 24, next_page_url: null, total: rows.length });

describe('all projects', () => {
  it("shows a project's internal status and changes it with PUT /projects/{id}/internal-statuses", async () => {
    await i18n.changeLanguage('en');
    let internal: number | null = 3;
    const requests = mockRoutes({
      'GET /projects': () => jsonResponse(200, page([{ ...project, internal_status_id: internal }])),
      'PUT /projects/12/internal-statuses': (request) => {
        internal = (request.body as { internal_status_id: number | null }).internal_status_id;
        return jsonResponse(200, { data: { ...project, internal_status_id: internal } });
      },
    });
    renderRoutes([{ path: '/', element: <ProjectsPage kind="all" /> }], '/');
    const table = await screen.findByTestId('projects-all');
    await within(table).findByText('#12 Bakery menu');
    await userEvent.click(within(table).getByRole('button', { name: 'Internal status' }));
    const field = screen.getByLabelText(/Internal status \(/);
    expect(field).toHaveValue(3);
    await userEvent.clear(field);
    await userEvent.type(field, '7');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(table).getByRole('cell', { name: '7' })).toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ internal_status_id: 7 });
  });

  it('clears the internal status when the field is left empty, in Spanish', async () => {
    await i18n.changeLanguage('es');
    const requests = mockRoutes({
      'GET /projects': () => jsonResponse(200, page([project])),
      'PUT /projects/12/internal-statuses': () => jsonResponse(200, { data: { ...project, internal_status_id: null } }),
    });
    renderRoutes([{ path: '/', element: <ProjectsPage kind="all" /> }], '/');
    const table = await screen.findByTestId('projects-all');
    await userEvent.click(await within(table).findByRole('button', { name: 'Estado interno' }));
    await userEvent.clear(screen.getByLabelText(/Estado interno \(/));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ internal_status_id: null }));
  });

  it('offers no internal status on the verify queue', async () => {
    await i18n.changeLanguage('en');
    mockRoutes({ 'GET /projects/verify': () => jsonResponse(200, page([{ ...project, status_id: 3 }])) });
    renderRoutes([{ path: '/', element: <ProjectsPage kind="verify" /> }], '/');
    const table = await screen.findByTestId('projects-verify');
    await within(table).findByText('#12 Bakery menu');
    expect(within(table).queryByRole('button', { name: 'Internal status' })).not.toBeInTheDocument();
  });
});
