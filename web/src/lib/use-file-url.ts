import { useCallback, useEffect, useState } from 'react';

import { env } from '@/config/env';
import { api, ok } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

/**
 * A plain URL for a stored file (`/files/{id}/content`): the server hands signed links
 * (POST /files/links) to whoever may read a file, and an <img src> opens them without the bearer
 * token, so the browser (and a CDN) caches the picture itself. Links are asked for in batches
 * (every file a render needs, one request) and kept until shortly before they expire.
 */
type FileLinks = components['schemas']['FileLinks'];

/**
 * A smaller copy the server makes of every image (issue #37): `thumb` is at most 480 px wide
 * (grid cards), `medium` 1280 px (one picture across a page). Without a size, the original:
 * for downloads, final files and full-size viewers.
 */
export type FileSize = 'thumb' | 'medium';

export interface FileUrlOptions {
  size?: FileSize;
  /** False while the picture is not wanted yet (off screen): nothing is fetched. */
  enabled?: boolean;
}

/** Only the server's own file contents have smaller copies; other paths are left alone. */
const FILE_CONTENT = /^\/files\/(\d+)\/content$/;

/** The path to fetch for `path` at `size` (the original when no size is asked). */
export function fileContentPath(path: string, size?: FileSize): string {
  if (!size || !FILE_CONTENT.test(path)) return path;
  return `${path}?size=${size}`;
}

/** A link this close to its end is asked for again, so a picture never starts on a dead one. */
const RENEW_BEFORE_MS = 5 * 60 * 1000;
/** The server's most ids per request. */
const BATCH = 100;

const links = new Map<number, Promise<FileLinks | null>>();
const fresh = new Map<number, FileLinks>();
let waiting = new Map<number, (links: FileLinks | null) => void>();

/** Asks for every id that waits, in requests of at most BATCH ids. */
function flush() {
  const batch = waiting;
  waiting = new Map();
  const ids = [...batch.keys()];
  for (let at = 0; at < ids.length; at += BATCH) {
    const chunk = ids.slice(at, at + BATCH);
    ok(api.POST('/files/links', { body: { ids: chunk } }))
      .then(({ data }) => {
        for (const link of data) fresh.set(link.id, link);
        for (const id of chunk) batch.get(id)?.(fresh.get(id) ?? null);
      })
      .catch(() => {
        for (const id of chunk) batch.get(id)?.(null);
      });
  }
}

function linksOf(id: number): Promise<FileLinks | null> {
  const known = fresh.get(id);
  if (known) {
    if (known.expires_at - Date.now() > RENEW_BEFORE_MS) return Promise.resolve(known);
    fresh.delete(id);
    links.delete(id);
  }
  let pending = links.get(id);
  if (!pending) {
    pending = new Promise((resolve) => {
      if (waiting.size === 0) setTimeout(flush, 0);
      waiting.set(id, resolve);
    });
    links.set(id, pending);
    // A failure (or a file the reader may no longer read) is not kept: the next view asks again.
    void pending.then((answer) => {
      if (answer === null) links.delete(id);
    });
  }
  return pending;
}

/** The URL to show `path` at `size`: a signed link for the server's files, `path` itself otherwise. */
function load(path: string, size: FileSize | undefined): Promise<string | null> {
  const id = FILE_CONTENT.exec(path)?.[1];
  if (id === undefined) return Promise.resolve(/^\//.test(path) ? `${env.apiUrl}${path}` : path);
  return linksOf(Number(id)).then((answer) => {
    if (!answer) return null;
    const url = size === 'thumb' ? answer.thumb_url : size === 'medium' ? answer.medium_url : answer.url;
    // A file that is no picture has no smaller copy: its original is what there is.
    return `${env.apiUrl}${url ?? answer.url}`;
  });
}

/** Srcset over the server's copies of a stored picture (`thumb` 480w, `medium` 1280w), once known. */
export function useFileSrcSet(path: string | null | undefined, enabled = true): string | undefined {
  const thumb = useFileUrl(path, { size: 'thumb', enabled });
  const medium = useFileUrl(path, { size: 'medium', enabled });
  return thumb && medium && thumb !== medium ? `${thumb} 480w, ${medium} 1280w` : undefined;
}

export function useFileUrl(path: string | null | undefined, { size, enabled = true }: FileUrlOptions = {}): string | null {
  const target = path && enabled ? fileContentPath(path, size) : null;
  const [loaded, setLoaded] = useState<{ target: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!target || !path) return undefined;
    let live = true;
    void load(path, size).then((url) => {
      if (live) setLoaded({ target, url });
    });
    return () => {
      live = false;
    };
  }, [target, path, size]);
  return loaded !== null && loaded.target === target ? loaded.url : null;
}

/** How far outside the viewport a card starts loading, so that scrolling rarely shows a blank. */
const NEAR = '300px';

/**
 * Whether the element given to the returned ref has come near the viewport (and stays true once
 * it has). Where IntersectionObserver does not exist, everything counts as near.
 */
export function useNearViewport<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, near];
}

/**
 * For grids: [a ref for the card's image box, the URL]. The image is fetched only once its box
 * comes near the viewport, so a long grid does not download every card's picture at once.
 */
export function useLazyFileUrl<T extends Element = HTMLElement>(
  path: string | null | undefined,
  size: FileSize = 'thumb',
): [(element: T | null) => void, string | null] {
  const [ref, near] = useNearViewport<T>();
  return [ref, useFileUrl(path, { size, enabled: near })];
}
