import { api, ok, type CallOptions } from '@/lib/api-client';
import type { Country } from '@/types/api';

/** GET /countries?filter[region_id]=ID. */
export async function getCountries(regionId: number, options?: CallOptions): Promise<Country[]> {
  const query = { 'filter[region_id]': regionId };
  const { data } = await ok(api.GET('/countries', { params: { query }, signal: options?.signal }));
  return data;
}
