/**
 * The comment a notification leads to: its thread's pages are fetched until it shows, then it is
 * scrolled into view and highlighted for a moment (projects document, section 9).
 */
import { useEffect, useRef, useState } from 'react';

/** How long the focused comment stays highlighted once scrolled to. */
export const HIGHLIGHT_MS = 4000;

/** When the comment is checked once more after the smooth scroll began. */
export const SETTLE_MS = 1000;

/** The most pages fetched while looking for a comment (a deleted one is never found). */
export const MAX_PAGES = 20;

/** The DOM id of a comment in any thread, the anchor a notification link scrolls to. */
export const commentAnchor = (id: number) => `comment-${id}`;

/** A comment's id from a link's query parameter (`null` unless a positive whole number). */
export function focusedIdOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

interface ThreadPage<T> {
  data: T[];
  next_page_url?: string | null;
}

/**
 * Fetches pages 2, 3, ... of a thread (page 1 is the one the screen already loaded) until
 * `focusedId` is among them or the thread ends, handing each page to `onPage`. Answers whether the
 * comment was found.
 */
export async function loadUntilFound<T extends { id: number }>(
  first: ThreadPage<T>,
  focusedId: number,
  fetchPage: (page: number) => Promise<ThreadPage<T>>,
  onPage: (items: T[]) => void,
): Promise<boolean> {
  let page = first;
  for (let number = 2; number <= MAX_PAGES; number += 1) {
    if (page.data.some((item) => item.id === focusedId)) return true;
    if (!page.next_page_url) return false;
    page = await fetchPage(number);
    onPage(page.data);
  }
  return page.data.some((item) => item.id === focusedId);
}

/**
 * Scrolls the focused comment into view once it is on the page (`shown`) and answers whether it is
 * highlighted now: from then for [`HIGHLIGHT_MS`], once per focused id (a comment arriving later
 * does not pull the reader back).
 */
export function useFocusedComment(focusedId: number | null, shown: boolean): boolean {
  const done = useRef<number | null>(null);
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  useEffect(() => {
    if (focusedId === null || !shown || done.current === focusedId) return undefined;
    let stopFollowing = () => {};
    // After the paint that put the comment on the page, so that it can be scrolled to.
    const timer = window.setTimeout(() => {
      const element = document.getElementById(commentAnchor(focusedId));
      if (element === null) return;
      done.current = focusedId;
      element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      setHighlightedId(focusedId);
      stopFollowing = keepInView(element, HIGHLIGHT_MS);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      stopFollowing();
    };
  }, [focusedId, shown]);
  useEffect(() => {
    if (highlightedId === null) return undefined;
    const timer = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);
  return highlightedId !== null && highlightedId === focusedId;
}

/**
 * Content above the comment may still be arriving after the scroll (entry images, other panels),
 * pushing it out of view: while the page's size changes, for `forMs` or until the reader scrolls
 * on their own, the comment is brought back into view. Answers the function that stops this.
 */
export function keepInView(element: Element, forMs: number): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  const follow = () => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'center' });
  };
  // The observer reports the page's size once on its own: that is not a change (and the smooth
  // scroll is still under way then).
  let first = true;
  const observer = new ResizeObserver(() => {
    if (first) first = false;
    else follow();
  });
  observer.observe(document.body);
  // Once the smooth scroll has had its time, a last look (it may have been cut short).
  const settle = window.setTimeout(follow, SETTLE_MS);
  const readerEvents = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(settle);
    window.clearTimeout(timer);
    for (const name of readerEvents) window.removeEventListener(name, stop);
  };
  const timer = window.setTimeout(stop, forMs);
  for (const name of readerEvents) window.addEventListener(name, stop, { passive: true });
  return stop;
}
