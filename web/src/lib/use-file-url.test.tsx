import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { startSession } from '@/lib/session';
import { mockFetch } from '@/testing/mock-fetch';

import { fileContentPath, useFileUrl, useLazyFileUrl } from './use-file-url';

/** Answers every file request with a few bytes, and gives blobs a readable URL. */
function serveFiles() {
  let made = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:test/${++made}` }));
  return mockFetch(() => new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
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

  it('fetches the asked size with the bearer token, and the original without one', async () => {
    const requests = serveFiles();
    const thumb = renderHook(() => useFileUrl('/files/1/content', { size: 'thumb' }));
    await waitFor(() => expect(thumb.result.current).toMatch(/^blob:/));
    const original = renderHook(() => useFileUrl('/files/1/content'));
    await waitFor(() => expect(original.result.current).toMatch(/^blob:/));
    expect(original.result.current).not.toBe(thumb.result.current);
    expect(requests.map((r) => r.url)).toEqual(['/files/1/content?size=thumb', '/files/1/content']);
    expect(requests[0]?.headers.authorization).toBe('Bearer tok');
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
    await waitFor(() => expect(result.current).toMatch(/^blob:/));
    expect(requests.map((r) => r.url)).toEqual(['/files/2/content?size=thumb']);
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
    expect(await screen.findByAltText('/files/3/content')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await screen.findByAltText('/files/4/content');
    expect(requests.map((r) => r.url).sort()).toEqual(['/files/3/content?size=thumb', '/files/4/content?size=thumb']);
    expect(observer.observed(), 'observers are disconnected once near').toHaveLength(0);
  });

  it('loads at once where there is no IntersectionObserver', async () => {
    const requests = serveFiles();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Card path="/files/5/content" />);
    await screen.findByAltText('/files/5/content');
    expect(requests.map((r) => r.url)).toEqual(['/files/5/content?size=thumb']);
  });
});
