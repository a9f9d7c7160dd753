import { api, ok, type RequestOptions } from '@/lib/api-client';

/** GET /password/reset/{token}: checks a reset link. Expired: auth.reset_password.link_expired. */
export async function getPasswordReset(
  token: string,
  options?: RequestOptions,
): Promise<{ email: string }> {
  const params = { path: { token } };
  const { data } = await ok(api.GET('/password/reset/{token}', { params, signal: options?.signal }));
  return data;
}
