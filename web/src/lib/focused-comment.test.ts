import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { HIGHLIGHT_MS, MAX_PAGES, SETTLE_MS, focusedIdOf, keepInView, loadUntilFound } from './focused-comment';

const item = (id: number) => ({ id });
/** A thread of `total` comments, ids 1..total, `per` a page. */
function thread(total: number, per: number) {
  const pageOf = (n: number) => ({
    data: Array.from({ length: Math.max(0, Math.min(per, total - (n - 1) * per)) }, (_, i) => item((n - 1) * per + i + 1)),
    next_page_url: n * per < total ? `?page=${n + 1}` : null,
  });
  return { first: pageOf(1), fetch: vi.fn((n: number) => Promise.resolve(pageOf(n))) };
}

describe('loadUntilFound', () => {
  it('fetches later pages until the comment shows, and no further', async () => {
    const { first, fetch } = thread(100, 20);
    const seen: number[] = [];
    await expect(loadUntilFound(first, 45, fetch, (items) => seen.push(...items.map((x) => x.id)))).resolves.toBe(true);
    expect(fetch.mock.calls.map(([n]) => n)).toEqual([2, 3]);
    expect(seen).toContain(45);
  });

  it('fetches nothing when the comment is on the first page', async () => {
    const { first, fetch } = thread(100, 20);
    await expect(loadUntilFound(first, 3, fetch, () => undefined)).resolves.toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stops at the end of the thread (a deleted comment) and at the page limit', async () => {
    const short = thread(30, 20);
    await expect(loadUntilFound(short.first, 999, short.fetch, () => undefined)).resolves.toBe(false);
    expect(short.fetch).toHaveBeenCalledTimes(1);
    const endless = thread(10_000, 1);
    await expect(loadUntilFound(endless.first, 9_999, endless.fetch, () => undefined)).resolves.toBe(false);
    expect(endless.fetch).toHaveBeenCalledTimes(MAX_PAGES - 1);
  });

  it('reads only positive whole ids from a link', () => {
    expect(focusedIdOf('12')).toBe(12);
    expect(focusedIdOf('0')).toBeNull();
    expect(focusedIdOf('1e3')).toBeNull();
    expect(focusedIdOf(null)).toBeNull();
  });
});

describe('keepInView', () => {
  let resize: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          resize = callback;
        }
        observe() {}
        disconnect() {
          resize = () => {};
        }
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function comment(top: number) {
    const element = document.createElement('div');
    element.getBoundingClientRect = () => ({ top, bottom: top + 50 }) as DOMRect;
    element.scrollIntoView = vi.fn();
    return element;
  }

  it('brings the comment back when content above it pushes it out of view', () => {
    const element = comment(window.innerHeight + 200);
    keepInView(element, HIGHLIGHT_MS);
    resize(); // the observer's first report: the page's size, not a change
    expect(element.scrollIntoView).not.toHaveBeenCalled();
    resize();
    expect(element.scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('looks once more after the smooth scroll, and leaves a comment in view alone', () => {
    const away = comment(-300);
    keepInView(away, HIGHLIGHT_MS);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(away.scrollIntoView).toHaveBeenCalledTimes(1);
    const seen = comment(100);
    keepInView(seen, HIGHLIGHT_MS);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(seen.scrollIntoView).not.toHaveBeenCalled();
  });

  it('stops as soon as the reader scrolls on their own', () => {
    const element = comment(-300);
    keepInView(element, HIGHLIGHT_MS);
    window.dispatchEvent(new Event('wheel'));
    resize();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(element.scrollIntoView).not.toHaveBeenCalled();
  });
});
