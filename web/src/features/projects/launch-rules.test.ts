import { describe, expect, it } from 'vitest';

import {
  NO_TIMELINE,
  addDays,
  budgetError,
  buildLaunchPayload,
  chooseTimeline,
  dateBounds,
  launchPath,
  mergeDialog,
  timelineComplete,
  timelinePayload,
  type LaunchQuestion,
} from './launch-rules';

const QUESTIONS: LaunchQuestion[] = [
  { id: 100, title: 'Give your project a title', form_field_type_id: 2, is_title: 1, is_description: 0 },
  { id: 101, title: 'Describe what you need', form_field_type_id: 6, is_title: 0, is_description: 1 },
  { id: 102, title: "What's your budget?", form_field_type_id: 2, is_title: 0, is_description: 0 },
  { id: 103, title: 'Which styles do you like?', form_field_type_id: 5, is_title: 0, is_description: 0 },
];

const base = {
  categoryId: 1,
  subCategoryId: 2,
  serviceId: 3,
  questions: QUESTIONS,
  answers: [
    { id: 100, answer: 'Harbor Coffee logo' },
    { id: 101, answer: 'A roaster by the sea' },
    { id: 103, answer_options: [10300] },
  ],
  timeline: { ...NO_TIMELINE, days: 7 as const },
  budget: 250,
  subscription: false,
};

describe('timeline cards', () => {
  it('are mutually exclusive, and choosing the checked one clears it', () => {
    const week = chooseTimeline(NO_TIMELINE, 7);
    expect(week).toEqual({ ...NO_TIMELINE, days: 7 });
    expect(chooseTimeline(week, 14).days).toBe(14);
    expect(chooseTimeline(week, 7)).toEqual(NO_TIMELINE);
    const custom = chooseTimeline(week, 'custom');
    expect(custom).toEqual({ ...NO_TIMELINE, custom: true });
    expect(chooseTimeline(custom, 'custom')).toEqual(NO_TIMELINE);
  });

  it('keeps the end at least one day after the start', () => {
    const range = { ...NO_TIMELINE, custom: true, start: '2026-02-28', end: '2026-03-02' };
    expect(dateBounds(range)).toEqual({ endMin: '2026-03-01', startMax: '2026-03-01' });
    expect(timelineComplete(range)).toBe(true);
    expect(timelineComplete({ ...range, end: '2026-02-28' })).toBe(false);
    expect(timelineComplete({ ...range, end: '2026-03-01' })).toBe(true);
    expect(timelineComplete({ ...range, end: '' })).toBe(false);
    expect(timelineComplete(NO_TIMELINE)).toBe(false);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('sends timeline null with a custom range', () => {
    expect(timelinePayload({ ...NO_TIMELINE, custom: true, start: '2026-01-01', end: '2026-01-05' })).toEqual({
      timeline: null,
      timeline_range_start: '2026-01-01',
      timeline_range_end: '2026-01-05',
    });
    expect(timelinePayload({ ...NO_TIMELINE, days: 30 })).toEqual({ timeline: 30, timeline_range_start: null, timeline_range_end: null });
  });
});

describe('budget', () => {
  const range = { min: 99, max: 1000 };
  it('is bounded by the service', () => {
    expect(budgetError(99, range)).toBeUndefined();
    expect(budgetError(1000, range)).toBeUndefined();
    expect(budgetError(98, range)).toBe('budgetMin');
    expect(budgetError(1001, range)).toBe('budgetMax');
    expect(budgetError(Number.NaN, range)).toBe('budgetMin');
  });
});

describe('the launch payload', () => {
  it('takes title, description and budget from the right questions', () => {
    const payload = buildLaunchPayload(base);
    expect(payload).toMatchObject({
      project_category_id: 1,
      project_sub_category_id: 2,
      project_service_id: 3,
      title: 'Harbor Coffee logo',
      description: 'A roaster by the sea',
      budget: 250,
      timeline: 7,
      is_subscription: 0,
    });
    expect(payload.project_questions).toContainEqual({ id: 102, answer: '250' });
    expect(payload.project_questions).toContainEqual({ id: 103, answer_options: [10300] });
  });

  it('falls back to the first text question that is not the budget for the title', () => {
    const questions = QUESTIONS.map((q) => ({ ...q, is_title: 0 }));
    const payload = buildLaunchPayload({ ...base, questions, answers: [{ id: 102, answer: '999' }, { id: 100, answer: 'Fallback' }] });
    expect(payload.title).toBe('Fallback');
    expect(payload.project_questions.filter((a) => a.id === 102)).toEqual([{ id: 102, answer: '250' }]);
  });

  it("merges the dialog: non-empty values override, questions merged by id", () => {
    const brief = buildLaunchPayload(base);
    const merged = mergeDialog(brief, {
      timeline: null,
      timeline_range_start: '2026-03-01',
      timeline_range_end: '2026-03-09',
      budget: 400,
      title: '',
      project_questions: [{ id: 103, answer_options: [10301] }, { id: 104, answer_slider_options: [{ id: 1, value: 20 }] }],
    });
    expect(merged.title).toBe('Harbor Coffee logo');
    expect(merged.budget).toBe(400);
    expect([merged.timeline, merged.timeline_range_start, merged.timeline_range_end]).toEqual([null, '2026-03-01', '2026-03-09']);
    expect(merged.project_questions.find((a) => a.id === 103)).toEqual({ id: 103, answer_options: [10301] });
    expect(merged.project_questions.find((a) => a.id === 104)).toBeDefined();
    expect(merged.project_questions.find((a) => a.id === 100)).toEqual({ id: 100, answer: 'Harbor Coffee logo' });
    const card = mergeDialog(merged, { timeline: 14 });
    expect([card.timeline, card.timeline_range_start, card.timeline_range_end]).toEqual([14, null, null]);
  });
});

describe('the launch address', () => {
  it('follows the choices and keeps creative_id', () => {
    expect(launchPath(['logo', 'logo-design', undefined], '7')).toBe('/projects/launch/logo/logo-design?creative_id=7');
    expect(launchPath(['logo', undefined, 'new-logo'], null)).toBe('/projects/launch/logo');
  });
});
