import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';
import { errorResponse, jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import { NotesButton } from './notes-panel';

const note = { id: 5, notable_type: 'user', notable_id: 9, note: 'Asked for a refund', created_by: 1, created_by_username: 'ana', created_at: 1 };

async function openNotes() {
  renderRoutes([{ path: '/', element: <NotesButton type="user" id={9} /> }], '/');
  await userEvent.click(screen.getByRole('button', { name: 'Notes' }));
  await screen.findByText('Asked for a refund');
}

describe('the admin notes panel', () => {
  it('rewrites a note with PUT /notes/{id} and shows the saved text', async () => {
    await i18n.changeLanguage('en');
    let text = note.note;
    const requests = mockRoutes({
      'GET /notes': () => jsonResponse(200, { data: [{ ...note, note: text }] }),
      'PUT /notes/5': (request) => {
        text = (request.body as { note: string }).note;
        return jsonResponse(200, { data: { ...note, note: text } });
      },
    });
    await openNotes();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByLabelText('Edit note');
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Refund sent');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Refund sent')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ note: 'Refund sent' });
    expect(screen.queryByLabelText('Edit note')).not.toBeInTheDocument();
  });

  it('keeps the editor open with the text typed when the server refuses', async () => {
    await i18n.changeLanguage('es');
    mockRoutes({
      'GET /notes': () => jsonResponse(200, { data: [note] }),
      'PUT /notes/5': () => errorResponse(403, 'auth.forbidden', 'Only admins keep notes.'),
    });
    renderRoutes([{ path: '/', element: <NotesButton type="user" id={9} /> }], '/');
    await userEvent.click(screen.getByRole('button', { name: 'Notas' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await userEvent.type(screen.getByLabelText('Editar nota'), ' twice');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByLabelText('Editar nota')).toHaveValue('Asked for a refund twice'));
  });
});
