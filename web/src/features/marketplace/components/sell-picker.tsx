import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { useFileUrl } from '@/lib/use-file-url';
import type { Contest, Entry } from '@/types/api';

import { designerEntries, finishedContests } from '../api/finished-entries';
import { entryImage, unsellableReason } from '../sellable';
import type { SellTarget } from '../listing-rules';

function EntryThumb({ entry }: { entry: Entry }) {
  const url = useFileUrl(entryImage(entry), { size: 'thumb' });
  return (
    <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-sm font-semibold text-slate-600">
      {url ? <img src={url} alt="" className="h-full w-full object-cover" /> : `#${entry.number}`}
    </div>
  );
}

interface SellPickerProps {
  username: string;
  /** The entries listed already (for sale, withdrawn or sold): changed from the listings, not listed again. */
  listedEntryIds: ReadonlySet<number>;
  onPick: (target: SellTarget) => void;
  onClose: () => void;
}

/**
 * "List a design": the designer's finished contests, and in the one chosen their entries, each
 * offered for sale unless it won, was withdrawn or is listed already.
 */
export function SellPicker({ username, listedEntryIds, onPick, onClose }: SellPickerProps) {
  const { t } = useTranslation('marketplace');
  const selectId = useId();
  const [contests, setContests] = useState<Contest[] | null>(null);
  const [contestId, setContestId] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<{ contestId: number; entries: Entry[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    finishedContests({ signal: controller.signal })
      .then((found) => {
        setContests(found);
        setContestId(found[0]?.id ?? null);
      })
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (contestId === null) return undefined;
    const controller = new AbortController();
    designerEntries(contestId, username, { signal: controller.signal })
      .then((entries) => setLoaded({ contestId, entries }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setFailure(errorMessage(error));
      });
    return () => controller.abort();
  }, [contestId, username]);

  const contest = contests?.find((c) => c.id === contestId) ?? null;
  const entries = loaded !== null && loaded.contestId === contestId ? loaded.entries : null;
  return (
    <ModalDialog title={t('picker.title')} onClose={onClose} size="lg" closeButton>
      <div className="space-y-4" data-testid="sell-picker">
        <p className="text-slate-600">{t('picker.intro')}</p>
        {failure && <p className="text-sm text-rose-700">{failure}</p>}
        {contests === null ? (
          <Spinner label={t('common:loading')} />
        ) : contests.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('picker.noContests')}</p>
        ) : (
          <>
            <div>
              <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
                {t('picker.contest')}
              </label>
              <select
                id={selectId}
                value={contestId ?? ''}
                onChange={(event) => setContestId(Number(event.target.value))}
                className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
              >
                {contests.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </div>
            {entries === null ? (
              <Spinner label={t('common:loading')} />
            ) : entries.length === 0 ? (
              <p className="text-slate-600">{t('picker.noEntries')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {entries.map((entry) => {
                  const reason = unsellableReason(entry, listedEntryIds);
                  const title = entry.title || contest?.title || '';
                  return (
                    <li key={entry.id} data-testid="sellable-entry" data-entry-id={entry.id} className="flex flex-wrap items-center gap-3 py-3 sm:flex-nowrap">
                      <EntryThumb entry={entry} />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-slate-900">{t('picker.entry', { number: entry.number, title })}</p>
                        {reason && <p className="text-xs text-slate-600">{t(`picker.${reason}`)}</p>}
                      </div>
                      {reason === null && (
                        <Button
                          className="w-full sm:w-auto"
                          aria-label={t('picker.sellEntry', { number: entry.number, title })}
                          onClick={() =>
                            onPick({ entryId: entry.id, defaultTitle: title, contestTitle: contest?.title ?? null, imagePath: entryImage(entry) })
                          }
                        >
                          {t('sell.button')}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
      </div>
    </ModalDialog>
  );
}
