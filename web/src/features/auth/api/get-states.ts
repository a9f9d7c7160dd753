import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope, State } from '@/types/api';

/** GET /countries/{id}/states. */
export async function getStates(countryId: number, options?: RequestOptions): Promise<State[]> {
  const { data } = await apiClient.get<DataEnvelope<State[]>>(
    `/countries/${countryId}/states`,
    options,
  );
  return data;
}
