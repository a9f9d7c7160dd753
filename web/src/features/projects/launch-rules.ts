/**
 * The project launch rules that are not brief questions (projects spec, sections 3-5 and 9):
 * timeline cards, the custom date range's one-day rule, the budget bounded by the service,
 * the launch payload (which question gives the title, description and budget) and the merge
 * rule of the timeline-and-budget dialog.
 */
import type { AnswerPayload } from '@/lib/brief-rules';

/** Timeline choices in days, with their card labels' keys. */
export const TIMELINES = [2, 7, 14, 30] as const;
export type TimelineDays = (typeof TIMELINES)[number];

/** The question whose text answer is the budget (shown as the slider, never as a text box). */
export const BUDGET_QUESTION = "What's your budget?";
/** Range before a service is chosen (section 9). */
export const DEFAULT_BUDGET_RANGE = { min: 0, max: 100 } as const;

/** A card, or the custom range ('Choose a start & end date'), or nothing chosen yet. */
export interface TimelineChoice {
  days: TimelineDays | null;
  custom: boolean;
  start: string;
  end: string;
}

export const NO_TIMELINE: TimelineChoice = { days: null, custom: false, start: '', end: '' };

/** Cards are mutually exclusive; choosing the checked one again clears it. */
export function chooseTimeline(current: TimelineChoice, pick: TimelineDays | 'custom'): TimelineChoice {
  if (pick === 'custom') return current.custom ? NO_TIMELINE : { ...NO_TIMELINE, custom: true };
  return current.days === pick ? NO_TIMELINE : { ...NO_TIMELINE, days: pick };
}

/** `YYYY-MM-DD` plus `days` (UTC calendar arithmetic, no time zone drift). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

/** The date inputs' bounds: the end at least a day after the start, the start a day before the end. */
export function dateBounds(choice: TimelineChoice): { endMin?: string; startMax?: string } {
  return {
    endMin: choice.start ? addDays(choice.start, 1) : undefined,
    startMax: choice.end ? addDays(choice.end, -1) : undefined,
  };
}

/** Whether a timeline is chosen and complete (custom: both dates, the end a day after the start). */
export function timelineComplete(choice: TimelineChoice): boolean {
  if (choice.days !== null) return true;
  if (!choice.custom || !choice.start || !choice.end) return false;
  return choice.end >= addDays(choice.start, 1);
}

/** The two budget messages, or undefined when the budget is inside the service's range. */
export function budgetError(budget: number, range: { min: number; max: number }): string | undefined {
  if (!Number.isFinite(budget) || budget < range.min) return 'budgetMin';
  if (budget > range.max) return 'budgetMax';
  return undefined;
}

/** The timeline fields of the payload: `timeline` null with a custom range. */
export function timelinePayload(choice: TimelineChoice): Pick<LaunchPayload, 'timeline' | 'timeline_range_start' | 'timeline_range_end'> {
  if (choice.days !== null) return { timeline: choice.days, timeline_range_start: null, timeline_range_end: null };
  if (choice.custom) return { timeline: null, timeline_range_start: choice.start || null, timeline_range_end: choice.end || null };
  return { timeline: null, timeline_range_start: null, timeline_range_end: null };
}

export interface LaunchQuestion {
  id: number;
  title: string;
  form_field_type_id: number;
  is_title: number;
  is_description: number;
}

/** POST /projects (section 3, project launch payload). */
export interface LaunchPayload {
  project_category_id: number;
  project_sub_category_id: number;
  project_service_id: number;
  timeline: number | null;
  timeline_range_start: string | null;
  timeline_range_end: string | null;
  is_subscription: 0 | 1;
  title: string;
  description: string;
  budget: number | null;
  project_questions: AnswerPayload[];
}

const TEXT_FIELD = 2;

function answerText(answers: AnswerPayload[], question: LaunchQuestion | undefined): string {
  if (!question) return '';
  return answers.find((a) => a.id === question.id)?.answer?.trim() ?? '';
}

/**
 * The payload: title from the question flagged is_title (else the first text question that is
 * not the budget), description from the one flagged is_description, budget from the slider
 * (the answer of "What's your budget?" carries the same number).
 */
export function buildLaunchPayload(input: {
  categoryId: number;
  subCategoryId: number;
  serviceId: number;
  questions: LaunchQuestion[];
  answers: AnswerPayload[];
  timeline: TimelineChoice;
  budget: number | null;
  subscription: boolean;
}): LaunchPayload {
  const { questions, budget } = input;
  const titleQuestion =
    questions.find((q) => q.is_title === 1) ??
    questions.find((q) => q.form_field_type_id === TEXT_FIELD && q.title !== BUDGET_QUESTION);
  const budgetQuestion = questions.find((q) => q.title === BUDGET_QUESTION);
  const answers = input.answers.filter((a) => a.id !== budgetQuestion?.id);
  if (budgetQuestion && budget !== null) answers.push({ id: budgetQuestion.id, answer: String(budget) });
  return {
    project_category_id: input.categoryId,
    project_sub_category_id: input.subCategoryId,
    project_service_id: input.serviceId,
    ...timelinePayload(input.timeline),
    is_subscription: input.subscription ? 1 : 0,
    title: answerText(answers, titleQuestion),
    description: answerText(answers, questions.find((q) => q.is_description === 1)),
    budget,
    project_questions: answers,
  };
}

/** What the timeline-and-budget dialog returns (empty fields mean "keep the brief's"). */
export type DialogValues = Partial<Omit<LaunchPayload, 'project_questions'>> & {
  project_questions?: AnswerPayload[];
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Section 4, launch flow: the dialog's non-empty values override the brief's; the question lists
 * are merged by question id (the dialog's answer wins for the same question).
 */
export function mergeDialog(brief: LaunchPayload, dialog: DialogValues): LaunchPayload {
  const merged: LaunchPayload = { ...brief };
  for (const [key, value] of Object.entries(dialog) as [keyof LaunchPayload, unknown][]) {
    if (key === 'project_questions' || isEmpty(value)) continue;
    (merged as unknown as Record<string, unknown>)[key] = value;
  }
  if (dialog.timeline !== undefined && dialog.timeline !== null) {
    merged.timeline_range_start = null;
    merged.timeline_range_end = null;
  } else if (!isEmpty(dialog.timeline_range_start) && !isEmpty(dialog.timeline_range_end)) {
    merged.timeline = null;
  }
  const byId = new Map(brief.project_questions.map((a) => [a.id, a]));
  for (const answer of dialog.project_questions ?? []) byId.set(answer.id, answer);
  merged.project_questions = [...byId.values()];
  return merged;
}

/** `/projects/launch/{category}/{sub}/{service}` for the slugs chosen so far, keeping creative_id. */
export function launchPath(slugs: (string | undefined)[], creativeId: string | null): string {
  const parts = ['/projects/launch'];
  for (const slug of slugs) {
    if (!slug) break;
    parts.push(encodeURIComponent(slug));
  }
  return parts.join('/') + (creativeId ? `?creative_id=${encodeURIComponent(creativeId)}` : '');
}

/** MM/DD/YYYY from YYYY-MM-DD (section 9). */
export function formatDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
}
