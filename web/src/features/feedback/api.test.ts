import { describe, expect, it } from 'vitest';

import { answersOf, type FeedbackQuestion } from './api';

const questions: FeedbackQuestion[] = [
  { id: 1, title: 'How satisfied are you with the designs you received?', kind: 'rating' },
  { id: 2, title: 'How easy was it to work with our creatives?', kind: 'rating' },
  { id: 4, title: 'Is there anything we could do better?', kind: 'text' },
];

describe('answersOf', () => {
  it('sends rated questions and written texts, trimmed', () => {
    expect(answersOf(questions, { 1: 4 }, { 4: '  Faster replies  ' })).toEqual([
      { question_id: 1, rating: 4 },
      { question_id: 4, answer: 'Faster replies' },
    ]);
  });

  it('skips questions left alone, blank texts and ratings out of 1 to 5', () => {
    expect(answersOf(questions, { 2: 0 }, { 4: '   ' })).toEqual([]);
    expect(answersOf(questions, { 1: 6 }, {})).toEqual([]);
  });
});
