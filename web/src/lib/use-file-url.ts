import { useEffect, useState } from 'react';

import { env } from '@/config/env';
import { session } from '@/lib/session';

/**
 * An object URL for a stored file (`/files/{id}/content`). The server reads files with the
 * bearer token only, which an <img src> cannot send, so the bytes are fetched and shown as a blob.
 * Blobs are cached per path for the tab's life: entry images do not change once uploaded.
 */
const cache = new Map<string, Promise<string | null>>();

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

export function useFileUrl(path: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ path: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    void load(path).then((url) => {
      if (live) setLoaded({ path, url });
    });
    return () => {
      live = false;
    };
  }, [path]);
  return loaded !== null && loaded.path === path ? loaded.url : null;
}
