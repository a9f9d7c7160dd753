import { useTranslation } from 'react-i18next';

import type { SavedAnswer } from '@/types/api';

interface BriefAnswersProps {
  answers: readonly SavedAnswer[];
  /** Question id -> title. */
  titles: Record<number, string>;
}

/** The brief's saved answers that read as text, each under its question. */
export function BriefAnswers({ answers, titles }: BriefAnswersProps) {
  const { t } = useTranslation('contests');
  const shown = answers.filter((answer) => answer.answer);
  if (shown.length === 0) return null;
  return (
    <details className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">{t('brief.title')}</summary>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        {shown.map((answer) => (
          <div key={answer.contest_type_question_id}>
            <dt className="text-xs text-slate-500">
              {titles[answer.contest_type_question_id] ?? t('brief.question', { id: answer.contest_type_question_id })}
            </dt>
            <dd className="whitespace-pre-line text-slate-800">{answer.answer}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
