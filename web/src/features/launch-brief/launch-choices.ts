import type { ContestType, Question } from '@/types/api';

import { FIELD, type BriefValues } from '@/lib/brief-rules';

/**
 * The ways a brief is submitted (contests doc, section 4, "Launch brief flow"); `update` is the
 * edit mode's Cancel and Update (save the brief, launch nothing).
 */
export type LaunchChoice = 'continue' | 'start' | 'queue' | 'pay' | 'update';

/**
 * Which choices the client is offered: a subscriber may start for free (only while no other
 * contest holds the free slot), queue, or pay; everyone else continues to the options.
 */
export function launchChoices(subscribed: boolean, hasActive: boolean): LaunchChoice[] {
  if (!subscribed) return ['continue'];
  return hasActive ? ['queue', 'pay'] : ['start', 'queue', 'pay'];
}

/**
 * Edit mode with the edit flag (`?edit=1`, an unstarted contest picked up again): the launch's
 * own choices for this client (Start Contest Now and Add To Unlimited Queue for subscribers, the
 * first only while the free slot is open; Pay To Start for everyone), then Cancel and Update.
 */
export function editChoices(subscribed: boolean, hasActive: boolean): LaunchChoice[] {
  const launch: LaunchChoice[] = subscribed ? launchChoices(subscribed, hasActive) : ['pay'];
  return [...launch, 'update'];
}

/** A subscriber's contests are queued, whichever way they are submitted. */
export function addsToQueue(choice: LaunchChoice, subscribed: boolean): boolean {
  return choice !== 'continue' || subscribed;
}

/** Where the flow goes once the brief is saved (null: the dashboard). */
export function destinationOf(choice: LaunchChoice, contestId: number, subscribed: boolean): string {
  switch (choice) {
    case 'queue':
    case 'update':
      return '/dashboard';
    case 'pay':
      return `/contests/${contestId}/options?pay=1`;
    case 'start':
      return `/contests/${contestId}/options?subscribed=1&start=1`;
    default:
      return `/contests/${contestId}/options${subscribed ? '?subscribed=1' : ''}`;
  }
}

/** A contest's category in the switcher. */
export type Category = 'normal' | 'quick' | 'tip';

/** The switcher lists, per category, only the types flagged for it (section 3). */
export function typesOf(types: readonly ContestType[], category: Category): ContestType[] {
  if (category === 'quick') return types.filter((type) => type.is_quick_start === 1);
  if (category === 'tip') return types.filter((type) => type.only_tip_start === 1);
  return [...types];
}

/** The logo type, whose edited answers a category change would lose. */
export const LOGO_TYPE_ID = 1;

/**
 * Changing category from the logo type asks first when the visitor already answered questions
 * beyond the title and description (the spec's que2, que5, que8, que9, que11): those are lost.
 */
export function needsLogoWarning(typeId: number, questions: readonly Question[], values: BriefValues): boolean {
  if (typeId !== LOGO_TYPE_ID) return false;
  return questions.some((question) => {
    if (question.is_title === 1 || question.is_description === 1 || question.form_field_type_id === FIELD.html) return false;
    if (question.form_field_type_id === FIELD.slider) return false;
    const value = values[question.id];
    return value !== undefined && (value.text.trim() !== '' || value.options.length > 0 || value.files.length > 0);
  });
}

/** Either request holds the client's one free slot: an unstarted contest pending (1), or an active one approved (2). */
export function holdsFreeSlot(contest: { status_id: number; request: { approval_status_id?: number | null } }): boolean {
  const approval = contest.request.approval_status_id;
  return (contest.status_id === 1 && approval === 1) || (contest.status_id === 2 && approval === 2);
}

/** `?category=` of the launch URL (contestCategoryType): quickStartContest, tipOnlyContest, else normal. */
export function categoryFrom(value: string | null): Category {
  if (value === 'quickStartContest') return 'quick';
  if (value === 'tipOnlyContest') return 'tip';
  return 'normal';
}

/** The `?category=` value of a category (none for a normal contest). */
export function categoryParam(category: Category): string {
  if (category === 'quick') return '?category=quickStartContest';
  if (category === 'tip') return '?category=tipOnlyContest';
  return '';
}
