import { useMemo, useState } from 'react';

import { initialValues, validateAnswer, type BriefValues } from '@/lib/brief-rules';
import type { Question } from '@/types/api';

import { BUDGET_QUESTION } from '../launch-rules';

/**
 * The answers to a project brief's questions, which ones were touched, and their errors. The
 * budget question is left out (the budget field asks it); a new list of questions (another
 * category) starts a new brief.
 */
export function useBriefAnswers(questions: Question[]) {
  // The answers belong to one list of questions: a new category starts a new brief.
  const [brief, setBrief] = useState<{ questions: Question[]; values: BriefValues }>({ questions: [], values: {} });
  const values = brief.questions === questions ? brief.values : initialValues(questions);
  const setValues = (update: (current: BriefValues) => BriefValues) => setBrief({ questions, values: update(values) });
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const shown = useMemo(() => questions.filter((q) => q.title !== BUDGET_QUESTION), [questions]);

  const errors: Record<number, string> = {};
  for (const question of shown) {
    const message = validateAnswer(question, values[question.id]);
    if (message) errors[question.id] = message;
  }
  return { values, setValues, touched, setTouched, shown, errors };
}
