import { describe, expect, it } from 'vitest';

import { payBlock, preselectedCard, type PayState } from './card-choice';

const cards = [
  { id: 7, default_source: 0 },
  { id: 8, default_source: 1 },
  { id: 9, default_source: 0 },
];

describe('preselectedCard', () => {
  it('starts on the default card', () => {
    expect(preselectedCard(cards)).toBe(8);
  });

  it('starts on a card just added, over the default', () => {
    expect(preselectedCard(cards, 9)).toBe(9);
  });

  it('ignores an added card that is not in the list', () => {
    expect(preselectedCard(cards, 99)).toBe(8);
  });

  it('starts on the first card when none is the default', () => {
    expect(preselectedCard([{ id: 3, default_source: 0 }, { id: 4, default_source: 0 }])).toBe(3);
  });

  it('has nothing to start on without cards', () => {
    expect(preselectedCard([])).toBeNull();
  });
});

describe('payBlock', () => {
  const ready: PayState = { cardsLoaded: true, selectedCardId: 8, cvcRequired: false, cvc: '', pending: false };

  it('lets a card that needs no CVC pay', () => {
    expect(payBlock(ready)).toBeNull();
  });

  it('waits for the cards and for the CVC check', () => {
    expect(payBlock({ ...ready, cardsLoaded: false })).toBe('loading');
    expect(payBlock({ ...ready, cvcRequired: null })).toBe('loading');
  });

  it('needs a card', () => {
    expect(payBlock({ ...ready, selectedCardId: null })).toBe('no-card');
  });

  it('needs a CVC of 3 or 4 digits when the card asks for one', () => {
    expect(payBlock({ ...ready, cvcRequired: true })).toBe('cvc');
    expect(payBlock({ ...ready, cvcRequired: true, cvc: '12' })).toBe('cvc');
    expect(payBlock({ ...ready, cvcRequired: true, cvc: 'abc' })).toBe('cvc');
    expect(payBlock({ ...ready, cvcRequired: true, cvc: '123' })).toBeNull();
    expect(payBlock({ ...ready, cvcRequired: true, cvc: '1234' })).toBeNull();
  });

  it('blocks a second click while paying', () => {
    expect(payBlock({ ...ready, pending: true })).toBe('pending');
  });
});
