import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, Region } from '@/types/api';

/** GET /regions. */
export async function getRegions(options?: RequestOptions): Promise<Region[]> {
  const { data } = await apiClient.get<DataEnvelope<Region[]>>('/regions', options);
  return data;
}
