import { useId } from 'react';

import { useMessageTranslation } from '@/lib/spec-messages/translate';
import type { Question } from '@/types/api';

import { FIELD, questionLabel, type AnswerValue } from '@/lib/brief-rules';
import { catalogueText } from '@/lib/catalogue';

import { QuestionControl } from './question-control';

interface QuestionFieldProps {
  question: Question;
  value: AnswerValue;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
  onBlur: () => void;
}

/** Plain text of catalogue HTML (shown as text; the brief never renders server HTML). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** One brief question, drawn for its field type: its label, its control (question-control.tsx), its error. */
export function QuestionField({ question, value, error, onChange, onBlur }: QuestionFieldProps) {
  // The brief rules raise the spec's English ('This field is required'); shown in the reader's language.
  const translate = useMessageTranslation();
  const id = useId();
  const border = error ? 'border-red-400' : 'border-slate-300';
  const set = (changes: Partial<AnswerValue>) => onChange({ ...value, ...changes });

  if (question.form_field_type_id === FIELD.html) {
    return (
      <div className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
        <p className="font-semibold">{catalogueText(question.title)}</p>
        {question.html_content && <p className="mt-1">{textOf(catalogueText(question.html_content))}</p>}
      </div>
    );
  }

  return (
    <div data-question-id={question.id}>
      <label id={`${id}-label`} htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {questionLabel(catalogueText(question.title))}
        {question.is_required === 1 && <span className="ml-0.5 text-red-500">*</span>}
      </label>
      <QuestionControl question={question} value={value} id={id} border={border} set={set} onBlur={onBlur} />
      {error && <p className="mt-1 text-xs text-red-600">{translate(error)}</p>}
    </div>
  );
}
