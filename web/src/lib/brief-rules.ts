import { MESSAGES } from '@/lib/validators';
import { storage } from '@/lib/storage';
import type { Question, SavedAnswer, StoredFile } from '@/types/api';

/** `form_field_type_id` of brief questions. */
export const FIELD = {
  html: 1,
  text: 2,
  radio: 3,
  select: 4,
  checkbox: 5,
  textarea: 6,
  multiselect: 7,
  imageCheckbox: 8,
  file: 9,
  slider: 10,
  rating: 11,
  date: 12,
} as const;

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_DEFAULT = 50;
/** How long 'Please fill in the brief' stays up (contests document, section 9). */
export const FILL_BRIEF_MS = 15_000;
export const FILL_BRIEF_MESSAGE = 'Please fill in the brief';
export const REQUIRED_FIELD_MESSAGE = 'Required Field';

/** One question's answer as the form holds it. */
export interface AnswerValue {
  text: string;
  options: number[];
  /** Slider option id -> 0..100. */
  sliders: Record<number, number>;
  files: StoredFile[];
}

export type BriefValues = Record<number, AnswerValue>;

export const emptyAnswer = (): AnswerValue => ({ text: '', options: [], sliders: {}, files: [] });

/** The starting values: sliders at their default (the option's value, else 50). */
export function initialValues(questions: Question[]): BriefValues {
  const values: BriefValues = {};
  for (const question of questions) {
    const value = emptyAnswer();
    if (question.form_field_type_id === FIELD.slider) {
      for (const option of question.options) {
        const start = Number(option.value ?? SLIDER_DEFAULT);
        value.sliders[option.id] = Number.isFinite(start) ? clampSlider(start) : SLIDER_DEFAULT;
      }
    }
    values[question.id] = value;
  }
  return values;
}

export function clampSlider(value: number): number {
  return Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, Math.round(value)));
}

/**
 * The label rule: a question's label ends with a colon unless it ends with '?' (or already with a
 * colon); a label ending in bracketed text, '(optional)', keeps it and gets the colon after it.
 */
export function questionLabel(title: string): string {
  const label = title.trim();
  if (label.endsWith('?') || label.endsWith(':')) return label;
  return `${label}:`;
}

/** Section 5: the message of one question, or undefined when it passes. */
export function validateAnswer(question: Question, value: AnswerValue | undefined): string | undefined {
  if (question.is_required !== 1) return undefined;
  const answer = value ?? emptyAnswer();
  switch (question.form_field_type_id) {
    case FIELD.html:
      return undefined;
    case FIELD.checkbox:
    case FIELD.imageCheckbox:
      return answer.options.length > 0 ? undefined : MESSAGES.required;
    case FIELD.multiselect:
      return answer.options.length > 0 ? undefined : REQUIRED_FIELD_MESSAGE;
    case FIELD.slider:
      return Object.keys(answer.sliders).length > 0 ? undefined : MESSAGES.required;
    case FIELD.file:
      return answer.files.length > 0 ? undefined : MESSAGES.required;
    case FIELD.radio:
    case FIELD.select:
      return answer.options.length > 0 || answer.text.trim() !== '' ? undefined : MESSAGES.required;
    default:
      // text, textarea, date, rating: non-blank.
      return answer.text.trim() !== '' ? undefined : MESSAGES.required;
  }
}

export function validateBrief(questions: Question[], values: BriefValues): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const question of questions) {
    const message = validateAnswer(question, values[question.id]);
    if (message !== undefined) errors[question.id] = message;
  }
  return errors;
}

/** One answer as POST /contests takes it. */
export interface AnswerPayload {
  id: number;
  answer?: string;
  answer_options?: number[];
  answer_slider_options?: { id: number; value: number }[];
  answer_file_ids?: number[];
}

/** The answers to send: unanswered optional questions and html blocks are left out. */
export function toPayload(questions: Question[], values: BriefValues): AnswerPayload[] {
  const payload: AnswerPayload[] = [];
  for (const question of questions) {
    const value = values[question.id] ?? emptyAnswer();
    switch (question.form_field_type_id) {
      case FIELD.html:
        break;
      case FIELD.radio:
      case FIELD.select:
      case FIELD.checkbox:
      case FIELD.imageCheckbox:
      case FIELD.multiselect:
        if (value.options.length > 0) payload.push({ id: question.id, answer_options: [...value.options] });
        break;
      case FIELD.slider: {
        const sliders = Object.entries(value.sliders).map(([id, v]) => ({ id: Number(id), value: clampSlider(v) }));
        if (sliders.length > 0) payload.push({ id: question.id, answer_slider_options: sliders });
        break;
      }
      case FIELD.file:
        if (value.files.length > 0) payload.push({ id: question.id, answer_file_ids: value.files.map((f) => f.id) });
        break;
      default:
        if (value.text.trim() !== '') payload.push({ id: question.id, answer: value.text.trim() });
    }
  }
  return payload;
}

/** The local-storage keys of the draft (contests document, section 3). */
export const DRAFT_KEYS = { title: 'titleValue', description: 'descriptionValue' } as const;

export function readDraft(): { title: string; description: string } {
  return {
    title: storage.get(DRAFT_KEYS.title) ?? '',
    description: storage.get(DRAFT_KEYS.description) ?? '',
  };
}

/** Keeps the title and description answers, so a reload or a type change does not lose them. */
export function saveDraft(questions: Question[], values: BriefValues): void {
  const title = questions.find((q) => q.is_title === 1);
  const description = questions.find((q) => q.is_description === 1);
  if (title) storage.set(DRAFT_KEYS.title, values[title.id]?.text ?? '');
  if (description) storage.set(DRAFT_KEYS.description, values[description.id]?.text ?? '');
}

export function clearDraft(): void {
  storage.remove(DRAFT_KEYS.title);
  storage.remove(DRAFT_KEYS.description);
}

/** Fills the title and description questions from the draft. */
export function applyDraft(questions: Question[], values: BriefValues): BriefValues {
  const draft = readDraft();
  const next = { ...values };
  for (const question of questions) {
    const text = question.is_title === 1 ? draft.title : question.is_description === 1 ? draft.description : '';
    if (text !== '') next[question.id] = { ...(next[question.id] ?? emptyAnswer()), text };
  }
  return next;
}

/** The form's values from a saved brief (edit mode). */
export function valuesFromSaved(
  questions: Question[],
  answers: Pick<SavedAnswer, 'contest_type_question_id' | 'answer' | 'answer_options' | 'answer_slider_options' | 'answer_file_ids'>[],
): BriefValues {
  const values = initialValues(questions);
  for (const saved of answers) {
    const value = values[saved.contest_type_question_id];
    if (!value) continue;
    value.text = saved.answer ?? '';
    value.options = [...saved.answer_options];
    for (const slider of saved.answer_slider_options) value.sliders[slider.id] = slider.value;
    value.files = saved.answer_file_ids.map((id) => ({ id, name: `File ${id}`, full_path: `/files/${id}/content`, content_type: '', size: 0, hash: '' }));
  }
  return values;
}

/** Step 3's name: tip-only contests have details, not a prize amount. */
export function launchSteps(tipOnly: boolean): string[] {
  return ['Contest Type', 'Design Brief', tipOnly ? 'Contest Details' : 'Prize Amount', 'Launch'];
}
