import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { errorResponse, jsonResponse, mockRoutes, type RecordedRequest } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { MarketplaceCategoriesPage } from './marketplace-categories-page';

interface Term {
  id: number;
  title: string;
  is_active: number;
  created_at: number;
}

/** A fake server keeping the categories, so each change shows after the reload. */
function server(terms: Term[]) {
  return mockRoutes({
    'GET /marketplace-categories': () => jsonResponse(200, { data: terms }),
    'POST /marketplace-categories': (request: RecordedRequest) => {
      const { title } = request.body as { title: string };
      if (terms.some((term) => term.title === title))
        return errorResponse(422, 'validation', 'Invalid', { title: [{ code: 'title.unique', message: 'This title is already in use.' }] });
      terms.push({ id: terms.length + 1, title, is_active: 1, created_at: 2 });
      return jsonResponse(201, { data: terms[terms.length - 1] });
    },
    'PUT /marketplace-categories/1': (request: RecordedRequest) => {
      Object.assign(terms[0], request.body);
      return jsonResponse(200, { data: terms[0] });
    },
  });
}

describe('the marketplace categories page', () => {
  it('adds a category, and shows the server message under the name when it is taken', async () => {
    await i18n.changeLanguage('en');
    const requests = server([{ id: 1, title: 'Logos', is_active: 1, created_at: 1 }]);
    renderRoutes([{ path: '/', element: <MarketplaceCategoriesPage /> }], '/');
    const table = await screen.findByTestId('marketplace-categories');
    expect(within(table).getByText('Logos')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Category name'), ' Posters ');
    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await within(table).findByText('Posters')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ title: 'Posters' });
    await userEvent.type(screen.getByLabelText('Category name'), 'Logos');
    await userEvent.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('This title is already in use.')).toBeInTheDocument();
  });

  it('renames, retires and restores a category with PUT /marketplace-categories/{id}, in Spanish', async () => {
    await i18n.changeLanguage('es');
    const requests = server([{ id: 1, title: 'Logos', is_active: 1, created_at: 1 }]);
    renderRoutes([{ path: '/', element: <MarketplaceCategoriesPage /> }], '/');
    const table = await screen.findByTestId('marketplace-categories');
    expect(await within(table).findByText('Ofrecida')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Retirar' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retirar' }));
    expect(await within(table).findByText('Retirada')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ is_active: 0 }]);
    await userEvent.click(within(table).getByRole('button', { name: 'Restaurar' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Retirar' })).toBeInTheDocument());
    await userEvent.click(within(table).getByRole('button', { name: 'Editar' }));
    const name = within(screen.getByRole('dialog')).getByLabelText('Nombre de la categoría');
    await userEvent.clear(name);
    await userEvent.type(name, 'Logotipos');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    expect(await within(table).findByText('Logotipos')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ is_active: 0 }, { is_active: 1 }, { title: 'Logotipos' }]);
  });
});
