import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { buildUser } from '@/testing/data';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Update } from '../api/updates';

import { UpdateCard, type ImageTag } from './update-card';

// Uploading is the shared XHR helper's; here it answers the stored file at once.
vi.mock('@/lib/upload', () => ({ uploadFiles: vi.fn(async () => [{ id: 90, name: 'logo.ai', full_path: '/files/90' }]) }));

const owner = buildUser({ id: 3, user_type_id: 2, username: 'olga', creative_level_id: null });
const designer = buildUser({ id: 7, user_type_id: 3, username: 'dana' });
const update = {
  id: 5, project_id: 4, status_id: 1, description: 'First round.', rating: null, created_at: 1, updated_at: 1, comments_count: 0, status: 'awaiting',
  created_by_user: { id: 7, username: 'dana' },
  files: [{ id: 60, name: 'round1.png', full_path: '/files/60' }],
  other_files: [{ id: 61, name: 'fonts.zip', full_path: '/files/61' }],
} as unknown as Update;
const tag = (id: number, over: Partial<ImageTag> = {}): ImageTag => ({
  id, project_update_id: 5, file_id: 60, x: 10, y: 10, note: `Point ${id}`, created_at: 1, completed_at: null, created_by_user: { id: 3, username: 'olga', name: 'Olga', user_type_id: 2 }, ...over,
} as ImageTag);

function show(user: typeof owner, props: Partial<Parameters<typeof UpdateCard>[0]> = {}, routes: Parameters<typeof mockRoutes>[0] = {}) {
  const empty = jsonResponse(200, { data: [], current_page: 1, per_page: 20, total: 0, next_page_url: null });
  const requests = mockRoutes({
    'GET /projects/4/updates/5/comments': () => empty,
    'GET /projects/4/updates/5/reactions': () => jsonResponse(200, { data: [] }),
    'GET /projects/4/updates/5/image-tags': () => jsonResponse(200, { data: [tag(1), tag(2, { created_by_user: { id: 7, username: 'dana', name: 'Dana', user_type_id: 3 } })] }),
    ...routes,
  });
  const element = <ul><UpdateCard projectId={4} update={update} user={user} isOwner={user.id === 3} liveComments={[]} likes={undefined} liveTags={[]} {...props} /></ul>;
  renderRoutes([{ path: '/', element }], '/');
  return requests;
}

describe('image tags of an update', () => {
  it('lets the owner mark a point done and delete their own, not the designer’s', async () => {
    const requests = show(owner, {}, {
      'PATCH /projects/4/updates/5/image-tags/1/actions/complete': () => jsonResponse(200, { data: tag(1, { completed_at: 9 }) }),
      'DELETE /projects/4/updates/5/image-tags/1': () => jsonResponse(200, { message: 'Deleted' }),
    });
    const list = await screen.findByTestId('update-tags');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(second).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('data-done', 'true'));
    expect(within(within(list).getAllByRole('listitem')[0]).queryByRole('button', { name: 'Done' })).toBeNull();
    fireEvent.click(within(within(list).getAllByRole('listitem')[0]).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Point 1')).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([
      'PATCH /projects/4/updates/5/image-tags/1/actions/complete',
      'DELETE /projects/4/updates/5/image-tags/1',
    ]);
  });

  it('shows points completed and deleted elsewhere as the workroom hears of them', async () => {
    show(designer, { liveTags: [tag(1, { completed_at: 9 })], removedTags: new Set([2]) });
    const list = await screen.findByTestId('update-tags');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveAttribute('data-done', 'true');
  });
});

describe('files of an update', () => {
  it('downloads a file through a one-time link', async () => {
    const requests = show(owner, {}, {
      'POST /projects/4/updates/5/generate-download-token': () => jsonResponse(201, { data: { token: 't', expires_at: 0, file_id: 61, download_url: '/files/61/download?token=t' } }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(await screen.findByRole('button', { name: /fonts\.zip/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).href).toMatch(/\/files\/61\/download\?token=t$/);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ file_id: 61 });
    click.mockRestore();
  });

  it('lets the update’s designer add other files, and nobody else', async () => {
    const onUpdated = vi.fn();
    const requests = show(designer, { onUpdated }, {
      'POST /projects/4/updates/5/other_files': () => jsonResponse(200, { data: { ...update, other_files: [...update.other_files, { id: 90, name: 'logo.ai', full_path: '/files/90' }] } }),
    });
    const input = await screen.findByLabelText('Other files (sources, fonts)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'logo.ai')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add 1 file' }));
    await screen.findByText('Other files added.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ file_ids: [90] });
    expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ other_files: expect.arrayContaining([expect.objectContaining({ id: 90 })]) }));
  });

  it('offers the owner no upload', async () => {
    show(owner);
    await screen.findByTestId('update-files');
    expect(screen.queryByLabelText('Other files (sources, fonts)')).toBeNull();
  });
});
