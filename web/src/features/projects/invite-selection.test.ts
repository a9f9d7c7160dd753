import { describe, expect, it } from 'vitest';

import {
  initialInviteState,
  invitationsSent,
  isInvited,
  needsConfirm,
  openingTab,
  pageLoaded,
  sentToastKey,
  switchTab,
  toggleSelected,
  type Creative,
} from './invite-selection';

const creative = (id: number, invited = 0): Creative => ({
  id,
  username: `c${id}`,
  name: `C ${id}`,
  creative_level_id: 3,
  profile_picture: null,
  average_rating: null,
  invited,
});

describe('the invite selection', () => {
  it('opens on My Winners only when there are winners', () => {
    expect(openingTab(2)).toBe('winners');
    expect(openingTab(0)).toBe('gold');
  });

  it('keeps each tab its own list and page; Load more appends', () => {
    let state = pageLoaded(initialInviteState(), 'gold', 1, [creative(1), creative(2)], true);
    state = pageLoaded(state, 'gold', 2, [creative(2), creative(3)], false);
    expect(state.tabs.gold.creatives.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(state.tabs.gold).toMatchObject({ page: 2, hasNext: false, loaded: true });
    expect(state.tabs.all.loaded).toBe(false);
  });

  it('toggles a creative, asks before a tab change loses the selection, and sends', () => {
    let state = pageLoaded(initialInviteState(), 'gold', 1, [creative(1), creative(2), creative(9, 1)], false);
    expect(needsConfirm(state)).toBe(false);
    state = toggleSelected(state, 1);
    state = toggleSelected(state, 2);
    expect(state.selected).toEqual([1, 2]);
    expect(isInvited(state, creative(1))).toBe(true);
    expect(isInvited(state, creative(9, 1))).toBe(true);
    state = toggleSelected(state, 2);
    expect(state.selected).toEqual([1]);
    expect(needsConfirm(state)).toBe(true);
    expect(switchTab(state, 'all')).toMatchObject({ tab: 'all', selected: [] });

    state = toggleSelected(state, 2);
    const sent = invitationsSent(state, [1, 2]);
    expect(sent.selected).toEqual([]);
    expect(sent.invited.sort()).toEqual([1, 2]);
    expect(toggleSelected(sent, 1)).toBe(sent);
    expect(sentToastKey(1)).toBe('invite.sentOne');
    expect(sentToastKey(2)).toBe('invite.sentMany');
  });
});
