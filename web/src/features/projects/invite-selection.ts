import type { Schema } from '@/types/api';

/**
 * The invite dialog's state (projects spec, section 4, invite dialog): four tabs, each with its
 * own list, page and has-next-page flag, loaded lazily; a selection of creatives to invite that
 * a tab or page change would lose (the confirm dialog asks first).
 */
export const INVITE_TABS = ['winners', 'gold', 'online', 'all'] as const;
export type InviteTab = (typeof INVITE_TABS)[number];

/** The server's list for each tab. */
export const TAB_LIST: Record<InviteTab, string> = {
  winners: 'my-winners',
  gold: 'gold-creatives',
  online: 'bronze-and-silver-creatives',
  all: 'other-creatives',
};

/** A designer the invite dialog suggests. */
export type Creative = Schema<'CreativeView'>;

export interface TabState {
  creatives: Creative[];
  page: number;
  hasNext: boolean;
  loaded: boolean;
}

export interface InviteState {
  tab: InviteTab;
  tabs: Record<InviteTab, TabState>;
  /** Creatives chosen and not sent yet. */
  selected: number[];
  /** Everyone invited to the project so far (sent). */
  invited: number[];
}

const emptyTab = (): TabState => ({ creatives: [], page: 0, hasNext: false, loaded: false });

export function initialInviteState(tab: InviteTab = 'gold'): InviteState {
  return {
    tab,
    tabs: { winners: emptyTab(), gold: emptyTab(), online: emptyTab(), all: emptyTab() },
    selected: [],
    invited: [],
  };
}

/** The dialog opens on My Winners when the client has any, otherwise on Gold. */
export const openingTab = (winners: number): InviteTab => (winners > 0 ? 'winners' : 'gold');

/** A page of a tab arrived: page 1 replaces the list, later pages append. */
export function pageLoaded(state: InviteState, tab: InviteTab, page: number, creatives: Creative[], hasNext: boolean): InviteState {
  const current = state.tabs[tab];
  const list = page <= 1 ? creatives : [...current.creatives, ...creatives.filter((c) => !current.creatives.some((k) => k.id === c.id))];
  return { ...state, tabs: { ...state.tabs, [tab]: { creatives: list, page, hasNext, loaded: true } } };
}

/** Whether a creative shows as invited (sent, or selected in this dialog). */
export function isInvited(state: InviteState, creative: Creative): boolean {
  return creative.invited === 1 || state.invited.includes(creative.id) || state.selected.includes(creative.id);
}

/** Invite adds to the selection; the same button again removes. Sent invitations stay. */
export function toggleSelected(state: InviteState, creativeId: number): InviteState {
  if (state.invited.includes(creativeId)) return state;
  const selected = state.selected.includes(creativeId)
    ? state.selected.filter((id) => id !== creativeId)
    : [...state.selected, creativeId];
  return { ...state, selected };
}

/** A tab or page change with pending selections must be confirmed first. */
export const needsConfirm = (state: InviteState): boolean => state.selected.length > 0;

/** Confirmed (or nothing pending): the selection is dropped and the tab changes. */
export function switchTab(state: InviteState, tab: InviteTab): InviteState {
  return { ...state, tab, selected: [] };
}

/** The invitations were sent: the selection moves to the invited list. */
export function invitationsSent(state: InviteState, invited: number[]): InviteState {
  return { ...state, selected: [], invited: [...new Set([...state.invited, ...state.selected, ...invited])] };
}

/** 'Designer Invited' for one, 'Designers Invited' for more (the toast's key). */
export const sentToastKey = (count: number) => (count === 1 ? 'invite.sentOne' : 'invite.sentMany');
