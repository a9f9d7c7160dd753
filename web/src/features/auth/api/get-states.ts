import { api, ok, type CallOptions } from '@/lib/api-client';
import type { State } from '@/types/api';

/** GET /countries/{id}/states. */
export async function getStates(countryId: number, options?: CallOptions): Promise<State[]> {
  const params = { path: { id: countryId } };
  const { data } = await ok(api.GET('/countries/{id}/states', { params, signal: options?.signal }));
  return data;
}
