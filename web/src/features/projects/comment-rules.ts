import { isAdmin } from '@/lib/roles';
import type { User } from '@/types/api';

import type { UpdateComment } from './api/updates';

/** The author deletes their workroom comment, an admin any (the server's rule, `RoomThread::may_delete`). */
export const mayDeleteComment = (comment: UpdateComment, user: User) => comment.created_by_user.id === user.id || isAdmin(user);
