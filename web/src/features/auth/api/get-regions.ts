import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Region } from '@/types/api';

/** GET /regions. */
export async function getRegions(options?: CallOptions): Promise<Region[]> {
  const { data } = await ok(api.GET('/regions', { signal: options?.signal }));
  return data;
}
