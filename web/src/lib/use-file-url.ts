import { useCallback, useEffect, useState } from 'react';

import { env } from '@/config/env';
import { session } from '@/lib/session';

/**
 * An object URL for a stored file (`/files/{id}/content`). The server reads files with the
 * bearer token only, which an <img src> cannot send, so the bytes are fetched and shown as a blob.
 * Blobs are cached per URL for the tab's life: entry images do not change once uploaded.
 */
const cache = new Map<string, Promise<string | null>>();

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
const FILE_CONTENT = /^\/files\/\d+\/content$/;

/** The path to fetch for `path` at `size` (the original when no size is asked). */
export function fileContentPath(path: string, size?: FileSize): string {
  if (!size || !FILE_CONTENT.test(path)) return path;
  return `${path}?size=${size}`;
}

function load(path: string): Promise<string | null> {
  let pending = cache.get(path);
  if (!pending) {
    const headers: Record<string, string> = {};
    if (session.token) headers.Authorization = `Bearer ${session.token}`;
    pending = fetch(`${env.apiUrl}${path}`, { headers })
      .then(async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : null))
      .catch(() => null);
    cache.set(path, pending);
    // A failure is not kept: the next view tries again.
    void pending.then((url) => {
      if (url === null) cache.delete(path);
    });
  }
  return pending;
}

export function useFileUrl(path: string | null | undefined, { size, enabled = true }: FileUrlOptions = {}): string | null {
  const target = path && enabled ? fileContentPath(path, size) : null;
  const [loaded, setLoaded] = useState<{ target: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!target) return undefined;
    let live = true;
    void load(target).then((url) => {
      if (live) setLoaded({ target, url });
    });
    return () => {
      live = false;
    };
  }, [target]);
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
