import { afterEach, describe, expect, it } from 'vitest';

import { chooseTheme, showTheme, storedTheme, THEMES } from './theme';

describe('themes A to H', () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
  });

  it('are eight, A the default', () => {
    expect(THEMES).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(storedTheme()).toBe('A');
  });

  it('show on <html> and are remembered once chosen, a preview is not', () => {
    showTheme('C');
    expect(document.documentElement.dataset.theme).toBe('C');
    expect(storedTheme()).toBe('A');
    chooseTheme('F');
    expect(document.documentElement.dataset.theme).toBe('F');
    expect(storedTheme()).toBe('F');
  });

  it('show the default for anything that is not a theme', () => {
    chooseTheme('Z');
    expect(document.documentElement.dataset.theme).toBe('A');
    expect(storedTheme()).toBe('A');
  });
});
