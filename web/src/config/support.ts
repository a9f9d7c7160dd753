/**
 * Where people reach the team (docs/spec-decisions.md, "Support links"): the header's Contact,
 * the launch page's Contact us and a client's live-demo badge write to this address.
 */
export const SUPPORT_EMAIL = 'support@vitrine.local';

/** A mailto: link to the team, with a subject when given. */
export function supportMail(subject?: string): string {
  return subject ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}` : `mailto:${SUPPORT_EMAIL}`;
}
