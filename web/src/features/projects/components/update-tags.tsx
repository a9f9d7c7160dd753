import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-messages';
import { isAdmin } from '@/lib/roles';
import { toast } from '@/lib/toast';
import type { Schema, User } from '@/types/api';

import { completeUpdateTag, deleteUpdateTag } from '../api/updates';

type ImageTag = Schema<'UpdateTagView'>;

interface UpdateTagsProps {
  projectId: number;
  updateId: number;
  tags: ImageTag[];
  user?: User;
  onChanged: (tag: ImageTag) => void;
  onDeleted: (tag: ImageTag) => void;
}

/**
 * The numbered feedback points of an update: Done for anyone in the workroom (the owner and the
 * designer; admins only read), Delete for the point's author and admins. Others see the change
 * live (`image_tag.completed`, `image_tag.deleted`).
 */
export function UpdateTags({ projectId, updateId, tags, user, onChanged, onDeleted }: UpdateTagsProps) {
  const { t } = useTranslation('projects');
  if (tags.length === 0) return null;

  async function run(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-xs text-slate-600" data-testid="update-tags">
      {tags.map((tag) => (
        <li key={tag.id} data-done={tag.completed_at ? 'true' : undefined}>
          <span className={tag.completed_at ? 'text-slate-400 line-through' : ''}>{tag.note}</span>
          {user && !isAdmin(user) && !tag.completed_at && (
            <button type="button" className="ml-2 font-medium text-emerald-700 hover:underline" onClick={() => void run(async () => onChanged(await completeUpdateTag(projectId, updateId, tag.id)))}>
              {t('workroom.tagDone')}
            </button>
          )}
          {user && (tag.created_by_user.id === user.id || isAdmin(user)) && (
            <button type="button" className="ml-2 font-medium text-slate-500 hover:text-rose-600" onClick={() => void run(async () => {
              await deleteUpdateTag(projectId, updateId, tag.id);
              onDeleted(tag);
            })}>
              {t('workroom.tagDelete')}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
