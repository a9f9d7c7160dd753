import { describe, expect, it } from 'vitest';

import en from './locales/en.json';
import es from './locales/es.json';
import templates from './texts.gen.json';
import { keyedText, notificationText } from './texts';

/** Every key the server words a notification with, and its English template (`make gen-texts`). */
const serverTexts: Record<string, string> = templates;
const catalogues: Record<string, Record<string, Record<string, string>>> = { en: en.texts, es: es.texts };

function textOf(language: string, key: string): string | undefined {
  const [area, event] = key.split('.');
  return catalogues[language][area]?.[event];
}

const placeholders = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();

describe('notification texts', () => {
  it.each(['en', 'es'])('word every key the server sends in %s', (language) => {
    expect(Object.keys(serverTexts).filter((key) => !textOf(language, key))).toEqual([]);
  });

  it.each(['en', 'es'])('have no %s text for a key the server no longer sends', (language) => {
    const keys = Object.entries(catalogues[language]).flatMap(([area, events]) => Object.keys(events).map((event) => `${area}.${event}`));
    expect(keys.filter((key) => !(key in serverTexts))).toEqual([]);
  });

  it("are the server's English templates in English, and name the same values in Spanish", () => {
    for (const [key, template] of Object.entries(serverTexts)) {
      expect(textOf('en', key)).toBe(template.replace(/\{([a-z_]+)\}/g, '{{$1}}'));
      expect(placeholders(textOf('es', key) ?? '', /\{\{([a-z_]+)\}\}/g)).toEqual(placeholders(template, /\{([a-z_]+)\}/g));
    }
  });
});

describe('notificationText', () => {
  const comment = {
    plain_content: 'sil commented on your contest Harbor',
    data: { contest_id: 3, text: { key: 'comment.on_contest', values: { username: 'sil', contest: 'Harbor' } } },
  };

  it('words a keyed notification in the language asked for', () => {
    expect(notificationText(comment, 'en')).toBe('sil commented on your contest Harbor');
    expect(notificationText(comment, 'es')).toBe('sil comentó en tu concurso Harbor');
  });

  it('names a project status in the reader\'s language from its id', () => {
    const moved = {
      plain_content: 'Logo refresh is now Project active and assigned',
      data: { text: { key: 'project.status', values: { project: 'Logo refresh', status: 'Project active and assigned', status_id: 2 } } },
    };
    expect(notificationText(moved, 'en')).toBe(moved.plain_content);
    expect(notificationText(moved, 'es')).toBe('Logo refresh pasó a «Proyecto activo y asignado»');
  });

  it('shows amounts as every page does: a bid as a price tag, a tip to the cent', () => {
    const bid = { plain_content: 'ana bid $1250 on Logo', data: { text: { key: 'bid.created', values: { username: 'ana', amount: 1250, project: 'Logo' } } } };
    expect(notificationText(bid, 'en')).toBe('ana bid $1,250 on Logo');
    expect(notificationText(bid, 'es')).toBe('ana ofertó $1,250 en Logo');
    const tip = {
      plain_content: 'sil sent you a $25.00 tip for entry #3 in Harbor',
      data: { text: { key: 'tip.approved', values: { username: 'sil', amount: '25.00', number: 3, contest: 'Harbor' } } },
    };
    expect(notificationText(tip, 'en')).toBe(tip.plain_content);
  });

  it("shows the server's English for an unknown key or a notification without one", () => {
    expect(notificationText({ plain_content: 'Old row', data: { contest_id: 3 } }, 'es')).toBe('Old row');
    expect(notificationText({ plain_content: 'Newer', data: { text: { key: 'a.new_one', values: {} } } }, 'es')).toBe('Newer');
    expect(keyedText({ text: { key: 'not a key' } })).toBeNull();
    expect(keyedText(null)).toBeNull();
  });
});
