import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { Country, DataEnvelope } from '@/types/api';

/** GET /countries?filter[region_id]=ID. */
export async function getCountries(regionId: number, options?: RequestOptions): Promise<Country[]> {
  const { data } = await apiClient.get<DataEnvelope<Country[]>>('/countries', {
    ...options,
    query: { 'filter[region_id]': regionId },
  });
  return data;
}
