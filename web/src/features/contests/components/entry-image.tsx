import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useFileUrl } from '@/lib/use-file-url';

import { completeImageTag, deleteImageTag, postImageTag } from '../api/image-tags';
import { addImageTags, type ContestLive } from '../live';

interface EntryImageProps {
  state: ContestLive;
  contestId: number;
  entryId: number;
  /** The entry's number, its image's name. */
  number: number;
  /** The entry's main image (files of kind 1). */
  path: string | null | undefined;
  /** The owner or the entry's designer: they place, complete and delete feedback points. */
  isParty: boolean;
}

/** An entry's image with its numbered feedback points, and the list of those points. */
export function EntryImage({ state, contestId, entryId, number, path, isParty }: EntryImageProps) {
  const { t } = useTranslation('contests');
  const snap = useSnapshot(state);
  // One picture across the page: the 1280 px copy (feedback points are placed in percent, so
  // the same on any size).
  const image = useFileUrl(path, { size: 'medium' });
  const tags = Object.values(snap.imageTags).filter((tag) => tag.contest_entry_id === entryId);

  async function tagAction(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function handleTag(event: MouseEvent<HTMLDivElement>) {
    if (!isParty) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    const note = window.prompt(t('detail.tagPrompt'))?.trim();
    if (!note) return;
    addImageTags(state, [await postImageTag(contestId, entryId, { x, y, note })]);
  }

  return (
    <div>
      <div
        className={`relative overflow-hidden rounded-xl bg-slate-100 ${isParty ? 'cursor-crosshair' : ''}`}
        onClick={(event) => void handleTag(event)}
      >
        {image ? (
          <img src={image} alt={t('card.entry', { number })} className="w-full" />
        ) : (
          <div className="flex aspect-square items-center justify-center text-5xl font-bold text-slate-500">#{number}</div>
        )}
        {tags.map((tag, index) => (
          <span
            key={tag.id}
            title={tag.note}
            style={{ left: `${tag.x * 100}%`, top: `${tag.y * 100}%` }}
            className={`absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-xs font-bold text-white ring-2 ring-white ${tag.completed_at ? 'bg-emerald-500' : 'bg-rose-500'}`}
          >
            {index + 1}
          </span>
        ))}
      </div>
      {isParty && <p className="mt-2 text-xs text-slate-500">{t('detail.tagHint')}</p>}
      {tags.length > 0 && (
        <ol className="mt-3 space-y-1 text-sm">
          {tags.map((tag, index) => (
            <li key={tag.id} className="flex items-baseline gap-2">
              <span className="font-semibold text-slate-500">{index + 1}.</span>
              <span className={`flex-1 ${tag.completed_at ? 'text-slate-500 line-through' : 'text-slate-700'}`}>{tag.note}</span>
              {isParty && !tag.completed_at && (
                <button type="button" className="text-xs font-medium text-emerald-700 hover:underline" onClick={() => void tagAction(() => completeImageTag(contestId, entryId, tag.id).then((done) => addImageTags(state, [done])))}>
                  {t('tags.complete')}
                </button>
              )}
              {isParty && (
                <button type="button" className="text-xs font-medium text-slate-500 hover:text-rose-600" onClick={() => void tagAction(() => deleteImageTag(contestId, entryId, tag.id).then(() => delete state.imageTags[tag.id]))}>
                  {t('tags.delete')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
