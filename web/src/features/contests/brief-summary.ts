import type { Question, QuestionOption, SavedAnswer } from '@/types/api';

/** Field types (contests document, section 3). */
const FIELD = { html: 1, imageCheckbox: 8, slider: 10, file: 9 } as const;

/** One answered question as the brief summary shows it. */
export interface BriefItem {
  questionId: number;
  title: string;
  /** Free text (text, textarea, date). */
  text: string | null;
  /** Chosen options by title (radio, select, checkbox, multiselect, image checkbox). */
  options: { id: number; title: string; image: string | null }[];
  /** Slider positions: left and right labels and the value 0-100. */
  sliders: { id: number; left: string; right: string; value: number }[];
  files: { id: number; name: string; full_path: string }[];
  /** Options are pictures (image checkbox). */
  pictures: boolean;
}

/** The saved answers in the questions' order, each with what a designer needs to read it. */
export function briefItems(answers: readonly SavedAnswer[], questions: readonly Question[]): BriefItem[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const order = new Map(questions.map((question, index) => [question.id, index]));
  return [...answers]
    .sort((a, b) => (order.get(a.contest_type_question_id) ?? 0) - (order.get(b.contest_type_question_id) ?? 0))
    .map((answer) => toItem(answer, byId.get(answer.contest_type_question_id)))
    .filter((item): item is BriefItem => item !== null);
}

function toItem(answer: SavedAnswer, question: Question | undefined): BriefItem | null {
  if (question?.form_field_type_id === FIELD.html) return null;
  const options = new Map<number, QuestionOption>((question?.options ?? []).map((option) => [option.id, option]));
  const item: BriefItem = {
    questionId: answer.contest_type_question_id,
    title: question?.title ?? '',
    text: answer.answer?.trim() || null,
    options: answer.answer_options.map((id) => {
      const option = options.get(id);
      return { id, title: option?.title ?? String(id), image: option?.file?.full_path ?? null };
    }),
    sliders: (answer.answer_slider_options ?? []).map(({ id, value }) => {
      const option = options.get(id);
      return { id, left: option?.title_left ?? '', right: option?.title_right ?? '', value };
    }),
    // The server sends each file's name too (FileView).
    files: (answer.files ?? []).map((file: { id: number; full_path: string; name?: string }) => ({
      id: file.id,
      name: file.name ?? `#${file.id}`,
      full_path: file.full_path,
    })),
    pictures: question?.form_field_type_id === FIELD.imageCheckbox,
  };
  const empty = !item.text && item.options.length === 0 && item.sliders.length === 0 && item.files.length === 0;
  return empty ? null : item;
}
