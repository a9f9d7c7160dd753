import { apiClient, type RequestOptions } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** GET /password/reset/{token}: checks a reset link. Expired: auth.reset_password.link_expired. */
export async function getPasswordReset(
  token: string,
  options?: RequestOptions,
): Promise<{ email: string }> {
  const { data } = await apiClient.get<DataEnvelope<{ email: string }>>(
    `/password/reset/${encodeURIComponent(token)}`,
    options,
  );
  return data;
}
