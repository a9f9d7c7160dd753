import { api, ok } from '@/lib/api-client';
import type { Schema } from '@/types/api';

/** One question a client answers after a contest ends or a project completes: `kind` is `rating` (1 to 5 stars) or `text`. */
export type FeedbackQuestion = Schema<'Question'>;

export interface FeedbackAnswer {
  question_id: number;
  rating?: number;
  answer?: string;
}

/** GET /contests/feedback/questions: the same questions serve contests and projects. */
export async function getFeedbackQuestions(): Promise<FeedbackQuestion[]> {
  const { data } = await ok(api.GET('/contests/feedback/questions'));
  return data;
}

/** POST /contests/{id}/feedback or /projects/{id}/feedback: answering again replaces the answers. */
export async function sendFeedback(target: FeedbackTarget, answers: FeedbackAnswer[]): Promise<void> {
  // The document narrows `question_id` to the question ids it knows; these come from the server.
  const init = { params: { path: { id: target.id } }, body: { answers } as Schema<'Answers'> };
  if (target.kind === 'contest') await ok(api.POST('/contests/{id}/feedback', init));
  else await ok(api.POST('/projects/{id}/feedback', init));
}

export interface FeedbackTarget {
  kind: 'contest' | 'project';
  id: number;
}

/**
 * The answers worth sending: every rated question, and text questions with something written.
 * Questions left alone are skipped (the server requires stars on the rating questions it gets).
 */
export function answersOf(
  questions: readonly FeedbackQuestion[],
  ratings: Readonly<Record<number, number>>,
  texts: Readonly<Record<number, string>>,
): FeedbackAnswer[] {
  const answers: FeedbackAnswer[] = [];
  for (const question of questions) {
    const text = texts[question.id]?.trim() ?? '';
    if (question.kind === 'rating') {
      const rating = ratings[question.id];
      if (rating !== undefined && rating >= 1 && rating <= 5) {
        answers.push({ question_id: question.id, rating, ...(text ? { answer: text } : {}) });
      }
    } else if (text) {
      answers.push({ question_id: question.id, answer: text });
    }
  }
  return answers;
}
