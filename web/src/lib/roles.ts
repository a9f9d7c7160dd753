import { USER_TYPE, type User } from '@/types/api';

type WithRole = Pick<User, 'user_type_id'>;

export const ROLE_NAMES: Readonly<Record<User['user_type_id'], string>> = {
  [USER_TYPE.admin]: 'Admin',
  [USER_TYPE.client]: 'Client',
  [USER_TYPE.designer]: 'Designer',
};

export const LEVEL_NAMES: Readonly<Record<NonNullable<User['creative_level_id']>, string>> = {
  1: 'Bronze',
  2: 'Silver',
  3: 'Gold',
  4: 'Platinum',
};

export const isAdmin = (user: WithRole) => user.user_type_id === USER_TYPE.admin;
export const isClient = (user: WithRole) => user.user_type_id === USER_TYPE.client;
export const isDesigner = (user: WithRole) => user.user_type_id === USER_TYPE.designer;

/** `has_subscribed` is 0 or 1. */
export const hasSubscribed = (user: { detail: User['detail'] | null }) =>
  Boolean(user.detail?.has_subscribed);
