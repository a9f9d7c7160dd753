import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Question, SavedAnswer } from '@/types/api';

import { downloadFile } from '../api/delivery';
import { briefItems } from '../brief-summary';
import { catalogueText } from '@/lib/catalogue';

interface BriefAnswersProps {
  answers: readonly SavedAnswer[];
  questions: readonly Question[];
  /** Designers open the page to work from the brief: it starts unfolded for them. */
  open: boolean;
}

/** The design brief: every answer under its question, options by name (pictures for image choices), files to download. */
export function BriefAnswers({ answers, questions, open }: BriefAnswersProps) {
  const { t } = useTranslation('contests');
  const items = briefItems(answers, questions);
  if (items.length === 0) return null;
  return (
    <details open={open} data-testid="design-brief" className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">{t('brief.title')}</summary>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2">
        {items.map((item) => (
          <div key={item.questionId} className={item.pictures ? 'sm:col-span-2' : undefined}>
            <dt className="text-xs text-slate-500">{catalogueText(item.title) || t('brief.question', { id: item.questionId })}</dt>
            <dd className="mt-1 text-slate-800">
              {item.text && <p className="whitespace-pre-line">{item.text}</p>}
              {item.options.length > 0 && !item.pictures && (
                <ul className="flex flex-wrap gap-1.5">
                  {item.options.map((option) => (
                    <li key={option.id} className="rounded-full bg-white px-2.5 py-0.5 text-xs ring-1 ring-slate-200">
                      {catalogueText(option.title)}
                    </li>
                  ))}
                </ul>
              )}
              {item.pictures && (
                <ul className="flex flex-wrap gap-3">
                  {item.options.map((option) => (
                    <li key={option.id} className="w-24 text-center text-xs">
                      {option.image && (
                        <img src={option.image} alt="" className="mb-1 aspect-square w-24 rounded-md bg-white object-cover ring-1 ring-slate-200" />
                      )}
                      {catalogueText(option.title)}
                    </li>
                  ))}
                </ul>
              )}
              {item.sliders.map((slider) => (
                <div key={slider.id} className="mt-1 flex items-center gap-2 text-xs">
                  <span className="w-16 text-right text-slate-500">{catalogueText(slider.left)}</span>
                  <span role="img" className="relative h-1.5 flex-1 rounded-full bg-slate-200" aria-label={`${catalogueText(slider.left)} – ${catalogueText(slider.right)}: ${slider.value}`}>
                    <span className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-indigo-600" style={{ left: `${slider.value}%` }} />
                  </span>
                  <span className="w-16 text-slate-500">{catalogueText(slider.right)}</span>
                </div>
              ))}
              {item.files.length > 0 && (
                <ul className="space-y-1">
                  {item.files.map((file) => (
                    <li key={file.id}>
                      <button
                        type="button"
                        className="text-indigo-700 underline hover:text-indigo-900"
                        onClick={() => void downloadFile(file.id).catch((error: unknown) => toast.error(errorMessage(error)))}
                      >
                        {file.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
