import { USER_TYPE, type User } from '@/types/api';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Dana Designer',
    username: 'dana',
    email: 'dana@example.com',
    user_type_id: USER_TYPE.designer,
    creative_level_id: 1,
    is_active: 1,
    registration_step: 3,
    qualification: {},
    profile_picture: null,
    created_at: Date.UTC(2024, 0, 15),
    detail: {
      has_subscribed: 0,
      about_self: null,
      featured_bio: null,
      country_id: 1,
      state_id: null,
      city: 'Lisbon',
    },
    ...overrides,
  };
}
