import { describe, expect, it } from 'vitest';

import type { ContestType, Question } from '@/types/api';

import { initialValues } from '@/lib/brief-rules';
import { addsToQueue, destinationOf, editChoices, holdsFreeSlot, launchChoices, needsLogoWarning, typesOf } from './launch-choices';

describe('launchChoices', () => {
  it('offers a client without a subscription Continue only', () => {
    expect(launchChoices(false, false)).toEqual(['continue']);
  });

  it('offers a subscriber Start Contest Now only while no contest holds the free slot', () => {
    expect(launchChoices(true, false)).toEqual(['start', 'queue', 'pay']);
    expect(launchChoices(true, true)).toEqual(['queue', 'pay']);
  });

  it("queues a subscriber's contest, whichever the choice", () => {
    expect(addsToQueue('continue', false)).toBe(false);
    expect(addsToQueue('continue', true)).toBe(true);
    expect(addsToQueue('pay', false)).toBe(true);
  });

  it('sends each choice where section 4 says', () => {
    expect(destinationOf('continue', 7, false)).toBe('/contests/7/options');
    expect(destinationOf('continue', 7, true)).toBe('/contests/7/options?subscribed=1');
    expect(destinationOf('pay', 7, true)).toBe('/contests/7/options?pay=1');
    expect(destinationOf('queue', 7, true)).toBe('/dashboard');
    expect(destinationOf('start', 7, true)).toBe('/contests/7/options?subscribed=1&start=1');
  });
});

describe('holdsFreeSlot', () => {
  it('counts a pending request on an unstarted contest and an approved one on an active contest', () => {
    expect(holdsFreeSlot({ status_id: 1, request: { approval_status_id: 1 } })).toBe(true);
    expect(holdsFreeSlot({ status_id: 2, request: { approval_status_id: 2 } })).toBe(true);
    expect(holdsFreeSlot({ status_id: 1, request: { approval_status_id: null } })).toBe(false);
    expect(holdsFreeSlot({ status_id: 2, request: { approval_status_id: null } })).toBe(false);
  });
});

describe('category switcher', () => {
  const type = (id: number, quick: number, tip: number) => ({ id, is_quick_start: quick, only_tip_start: tip }) as ContestType;
  const types = [type(1, 1, 0), type(2, 0, 1), type(3, 0, 0)];
  it('lists only the types flagged for quick start or tip-only', () => {
    expect(typesOf(types, 'quick').map((t) => t.id)).toEqual([1]);
    expect(typesOf(types, 'tip').map((t) => t.id)).toEqual([2]);
    expect(typesOf(types, 'normal').map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('needsLogoWarning', () => {
  const question = (id: number, flags: Partial<Question> = {}) =>
    ({ id, form_field_type_id: 2, is_required: 0, is_title: 0, is_description: 0, options: [], ...flags }) as unknown as Question;
  const questions = [question(1, { is_title: 1 }), question(2), question(3, { form_field_type_id: 5 })];

  it('asks when a logo brief has answers beyond the title', () => {
    const values = initialValues(questions);
    values[1].text = 'Harbor';
    expect(needsLogoWarning(1, questions, values)).toBe(false);
    values[3].options = [9];
    expect(needsLogoWarning(1, questions, values)).toBe(true);
  });

  it('never asks for other types', () => {
    const values = initialValues(questions);
    values[2].text = 'filled';
    expect(needsLogoWarning(5, questions, values)).toBe(false);
  });
});

describe('editChoices', () => {
  it('offers the launch choices of the client, then Cancel and Update', () => {
    expect(editChoices(true, false)).toEqual(['start', 'queue', 'pay', 'update']);
    expect(editChoices(true, true)).toEqual(['queue', 'pay', 'update']);
    expect(editChoices(false, false)).toEqual(['pay', 'update']);
    expect(destinationOf('update', 7, true)).toBe('/dashboard');
  });
});
