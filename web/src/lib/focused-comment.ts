/**
 * The comment a notification leads to: its thread's pages are fetched until it shows, then it is
 * scrolled into view and highlighted for a moment (projects document, section 9).
 */
import { useEffect, useRef, useState } from 'react';

/** How long the focused comment stays highlighted once scrolled to. */
export const HIGHLIGHT_MS = 4000;

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
    // After the paint that put the comment on the page, so that it can be scrolled to.
    const timer = window.setTimeout(() => {
      const element = document.getElementById(commentAnchor(focusedId));
      if (element === null) return;
      done.current = focusedId;
      element.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      setHighlightedId(focusedId);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [focusedId, shown]);
  useEffect(() => {
    if (highlightedId === null) return undefined;
    const timer = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightedId]);
  return highlightedId !== null && highlightedId === focusedId;
}
