import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { startSession } from '@/lib/session';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';

import { fileContentPath, useFileSrcSet, useFileUrl, useLazyFileUrl } from './use-file-url';

/** The server's POST /files/links: a signed link per asked id (an id over 900 is not readable). */
function serveFiles() {
  return mockFetch((request) => {
    const { ids } = request.body as { ids: number[] };
    const data = ids
      .filter((id) => id < 900)
      .map((id) => ({
        id,
        url: `/files/${id}/content?expires=9&signature=s${id}`,
        thumb_url: `/files/${id}/content?size=thumb&expires=9&signature=t${id}`,
        medium_url: `/files/${id}/content?size=medium&expires=9&signature=m${id}`,
        expires_at: Date.now() + 3_600_000,
      }));
    return jsonResponse(200, { data });
  });
}

/** IntersectionObservers the test drives: `reveal()` brings every observed element into view. */
function fakeObserver() {
  const live = new Set<{ callback: IntersectionObserverCallback; elements: Element[] }>();
  class FakeIntersectionObserver {
    private readonly own: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.own = { callback, elements: [] };
      live.add(this.own);
    }
    observe(element: Element) {
      this.own.elements.push(element);
    }
    disconnect() {
      live.delete(this.own);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observed: () => [...live].flatMap((observer) => observer.elements),
    reveal() {
      act(() => {
        for (const { callback, elements } of [...live]) {
          const entries = elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
          callback(entries, {} as IntersectionObserver);
        }
      });
    },
  };
}

describe('fileContentPath', () => {
  it('asks the server for a smaller copy of its own files only', () => {
    expect(fileContentPath('/files/12/content')).toBe('/files/12/content');
    expect(fileContentPath('/files/12/content', 'thumb')).toBe('/files/12/content?size=thumb');
    expect(fileContentPath('/files/12/content', 'medium')).toBe('/files/12/content?size=medium');
    // Not a stored file's content (a download link, an outside picture): left as it is.
    expect(fileContentPath('/files/12/download?token=x', 'thumb')).toBe('/files/12/download?token=x');
    expect(fileContentPath('https://example.com/a.png', 'thumb')).toBe('https://example.com/a.png');
  });
});

describe('useFileUrl', () => {
  beforeEach(() => startSession('tok'));

  it('shows each size by its signed link, asked once for all the files a render needs', async () => {
    const requests = serveFiles();
    const thumb = renderHook(() => useFileUrl('/files/1/content', { size: 'thumb' }));
    const other = renderHook(() => useFileUrl('/files/6/content', { size: 'medium' }));
    await waitFor(() => expect(thumb.result.current).toBe('/files/1/content?size=thumb&expires=9&signature=t1'));
    await waitFor(() => expect(other.result.current).toBe('/files/6/content?size=medium&expires=9&signature=m6'));
    const original = renderHook(() => useFileUrl('/files/1/content'));
    await waitFor(() => expect(original.result.current).toBe('/files/1/content?expires=9&signature=s1'));
    expect(requests.map((r) => [r.method, r.url, r.body])).toEqual([['POST', '/files/links', { ids: [1, 6] }]]);
    expect(requests[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('shows nothing for a file the reader may not read, and leaves other addresses as they are', async () => {
    serveFiles();
    const hidden = renderHook(() => useFileUrl('/files/901/content', { size: 'thumb' }));
    const outside = renderHook(() => useFileUrl('https://example.com/a.png', { size: 'thumb' }));
    await waitFor(() => expect(outside.result.current).toBe('https://example.com/a.png'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hidden.result.current).toBeNull();
  });

  it('gives a srcset over the thumb and medium copies', async () => {
    serveFiles();
    const { result } = renderHook(() => useFileSrcSet('/files/7/content'));
    await waitFor(() =>
      expect(result.current).toBe(
        '/files/7/content?size=thumb&expires=9&signature=t7 480w, /files/7/content?size=medium&expires=9&signature=m7 1280w',
      ),
    );
  });

  it('fetches nothing while not enabled', async () => {
    const requests = serveFiles();
    const { result, rerender } = renderHook(({ enabled }) => useFileUrl('/files/2/content', { size: 'thumb', enabled }), {
      initialProps: { enabled: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
    expect(result.current).toBeNull();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current).toBe('/files/2/content?size=thumb&expires=9&signature=t2'));
    expect(requests.map((r) => r.body)).toEqual([{ ids: [2] }]);
  });
});

function Card({ path }: { path: string }) {
  const [ref, url] = useLazyFileUrl<HTMLDivElement>(path);
  return (
    <div ref={ref} data-testid={path}>
      {url ? <img src={url} alt={path} /> : 'waiting'}
    </div>
  );
}

describe('useLazyFileUrl', () => {
  it('fetches a card’s thumb only once the card comes near the viewport', async () => {
    const requests = serveFiles();
    const observer = fakeObserver();
    render(
      <>
        <Card path="/files/3/content" />
        <Card path="/files/4/content" />
      </>,
    );
    expect(observer.observed()).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);

    observer.reveal();
    expect(await screen.findByAltText('/files/3/content')).toHaveAttribute('src', expect.stringContaining('signature=t3'));
    await screen.findByAltText('/files/4/content');
    expect(requests.map((r) => r.body)).toEqual([{ ids: [3, 4] }]);
    expect(observer.observed(), 'observers are disconnected once near').toHaveLength(0);
  });

  it('loads at once where there is no IntersectionObserver', async () => {
    const requests = serveFiles();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Card path="/files/5/content" />);
    await screen.findByAltText('/files/5/content');
    expect(requests.map((r) => r.body)).toEqual([{ ids: [5] }]);
  });
});
