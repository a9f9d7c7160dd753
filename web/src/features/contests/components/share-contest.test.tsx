import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { jsonResponse, mockRoutes } from '@/testing/mock-fetch';
import { renderRoutes } from '@/testing/render';

import type { Share } from '../api/shares';
import { ShareContest } from './share-contest';

const share = (id: number, created_by: number, network = 'link'): Share => ({
  id, contest_id: 3, created_by, network, code: `c${id}`, created_at: Date.UTC(2026, 9, 2), url: `https://vitrine.test/contests/3/entries?share=c${id}`,
});

function open(props: Partial<Parameters<typeof ShareContest>[0]> = {}, button = 'Share') {
  const requests = mockRoutes({
    'GET /contests/3/shares': () => jsonResponse(200, { data: [share(1, 2), share(2, 9, 'facebook')] }),
    'POST /contests/3/shares': (r) => jsonResponse(201, { data: share(5, 2, (r.body as { network: string }).network) }),
    'DELETE /contests/3/shares/1': () => jsonResponse(200, { message: 'Share deleted' }),
  });
  renderRoutes([{ path: '/', element: <ShareContest contestId={3} title="Harbor Coffee" userId={2} seesShares={false} {...props} /> }], '/');
  fireEvent.click(screen.getByRole('button', { name: button }));
  return requests;
}

describe('sharing a contest', () => {
  it('opens the network’s share page with a fresh link', async () => {
    const windowOpen = vi.fn();
    vi.stubGlobal('open', windowOpen);
    const requests = open();
    fireEvent.click(screen.getByRole('button', { name: 'LinkedIn' }));
    await waitFor(() => expect(windowOpen).toHaveBeenCalledWith(
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent('https://vitrine.test/contests/3/entries?share=c5')}`, '_blank', 'noopener'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ network: 'linkedin' });
    // A visitor who does not own the contest sees no list of its links.
    expect(requests.some((r) => r.method === 'GET')).toBe(false);
    expect(screen.queryByTestId('share-list')).toBeNull();
  });

  it('copies a plain link', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Link copied.');
    expect(writeText).toHaveBeenCalledWith('https://vitrine.test/contests/3/entries?share=c5');
  });

  it('lists the owner’s contest links, deleting only their own', async () => {
    const requests = open({ seesShares: true });
    const list = await screen.findByTestId('share-list');
    const [mine, theirs] = await within(list).findAllByTestId('share');
    expect(within(theirs).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByTestId('share')).toHaveLength(1));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/contests/3/shares/1']);
  });

  it('names the networks in Spanish', async () => {
    await i18n.changeLanguage('es');
    open({}, 'Compartir');
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Compartir Harbor Coffee' })).toBeInTheDocument();
  });
});
