import { api, ok, type CallOptions } from '@/lib/api-client';

/** GET /password/reset/{token}: checks a reset link. Expired: auth.reset_password.link_expired. */
export async function getPasswordReset(
  token: string,
  options?: CallOptions,
): Promise<{ email: string }> {
  const params = { path: { token } };
  const { data } = await ok(api.GET('/password/reset/{token}', { params, signal: options?.signal }));
  return data;
}
