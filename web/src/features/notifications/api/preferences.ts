import { api, ok } from '@/lib/api-client';

/** A user's preferences: the muted types, and whether launch e-mails reach them (1/0). */
export interface Preferences {
  muted_notification_type_ids: number[];
  receives_launch_mail: number;
}

/** GET /users/{id}/notification-preferences: the types that push no live badge, and the launch e-mails' opt-in. */
export async function getPreferences(userId: number): Promise<Preferences> {
  const { data } = await ok(api.GET('/users/{id}/notification-preferences', { params: { path: { id: userId } } }));
  return data;
}

/**
 * PUT /users/{id}/notification-preferences: replaces the muted types; sets the launch e-mails'
 * opt-in when `receivesLaunchMail` is given (left as it is otherwise).
 */
export async function putPreferences(userId: number, muted: number[], receivesLaunchMail?: boolean): Promise<Preferences> {
  const body = {
    muted_notification_type_ids: muted,
    ...(receivesLaunchMail === undefined ? {} : { receives_launch_mail: receivesLaunchMail ? 1 : 0 }),
  };
  const { data } = await ok(api.PUT('/users/{id}/notification-preferences', { params: { path: { id: userId } }, body }));
  return data;
}
