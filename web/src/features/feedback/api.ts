import { apiClient } from '@/lib/api-client';
import type { DataEnvelope } from '@/types/api';

/** One question a client answers after a contest ends or a project completes. */
export interface FeedbackQuestion {
  id: number;
  title: string;
  /** `rating` (1 to 5 stars) or `text`. */
  kind: string;
}

export interface FeedbackAnswer {
  question_id: number;
  rating?: number;
  answer?: string;
}

/** GET /contests/feedback/questions: the same questions serve contests and projects. */
export async function getFeedbackQuestions(): Promise<FeedbackQuestion[]> {
  const { data } = await apiClient.get<DataEnvelope<FeedbackQuestion[]>>('/contests/feedback/questions');
  return data;
}

/** POST /contests/{id}/feedback or /projects/{id}/feedback: answering again replaces the answers. */
export async function sendFeedback(target: FeedbackTarget, answers: FeedbackAnswer[]): Promise<void> {
  await apiClient.post(`/${target.kind === 'contest' ? 'contests' : 'projects'}/${target.id}/feedback`, { answers });
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
