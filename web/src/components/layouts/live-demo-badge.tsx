import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { supportMail } from '@/config/support';
import { storage } from '@/lib/storage';

import { liveDemoDismissedKey } from './live-demo';

/**
 * The live-demo scheduling badge (contests doc, section 2: "may appear for client users only"):
 * a small offer in the corner of a client's pages to book a demo with the team, by e-mail
 * (docs/spec-decisions.md). The shell shows it to clients only; closing it is remembered.
 */
export function LiveDemoBadge({ userId }: { userId: number }) {
  const { t } = useTranslation('layouts');
  const [dismissed, setDismissed] = useState(() => storage.get(liveDemoDismissedKey(userId)) === '1');
  if (dismissed) return null;
  return (
    <aside
      className="fixed bottom-4 left-4 z-30 flex max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full border border-indigo-200 bg-white py-1.5 pr-1.5 pl-4 text-sm shadow-lg sm:max-w-sm"
      aria-label={t('liveDemo.label')}
      data-testid="live-demo-badge"
    >
      <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-rose-500" />
      <a href={supportMail(t('liveDemo.subject'))} title={t('liveDemo.text')} className="min-w-0 truncate font-semibold text-indigo-700 hover:underline" data-testid="live-demo-link">
        {t('liveDemo.label')}
      </a>
      <button
        type="button"
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label={t('liveDemo.dismiss')}
        onClick={() => {
          storage.set(liveDemoDismissedKey(userId), '1');
          setDismissed(true);
        }}
      >
        ✕
      </button>
    </aside>
  );
}
