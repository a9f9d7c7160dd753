import { describe, expect, it } from 'vitest';

import { briefItems } from './brief-summary';
import type { Question, SavedAnswer } from '@/types/api';

function question(id: number, form_field_type_id: number, title: string, options: Partial<Question['options'][number]>[] = []) {
  return {
    id,
    form_field_type_id,
    title,
    options: options.map((option) => ({ title: '', file: null, title_left: null, title_right: null, value: null, ...option })),
  } as Question;
}

function answer(id: number, fields: Partial<SavedAnswer>): SavedAnswer {
  return {
    contest_type_question_id: id,
    form_field_type_id: 0,
    answer: null,
    answer_options: [],
    answer_file_ids: [],
    answer_slider_options: [],
    files: [],
    ...fields,
  };
}

describe('briefItems', () => {
  const questions = [
    question(100, 1, 'About this brief'),
    question(101, 2, 'Name'),
    question(105, 5, 'Colors', [{ id: 10500, title: 'Blue' }, { id: 10501, title: 'Red' }]),
    question(106, 8, 'Styles', [{ id: 10600, title: 'Minimal', file: { full_path: '/static/styles/minimal.png' } }]),
    question(107, 10, 'Style', [{ id: 10700, title: 'Classic or modern', title_left: 'Classic', title_right: 'Modern' }]),
    question(109, 9, 'Reference files'),
  ];

  it('names options, shows pictures of image checkboxes, sliders and files, in question order', () => {
    const items = briefItems(
      [
        answer(109, {
          files: [{ id: 5, full_path: '/files/5/content', name: 'ref.pdf', content_type: 'application/pdf', hash: 'h', size: 1 }],
        }),
        answer(105, { answer_options: [10501] }),
        answer(101, { answer: ' Harbor ' }),
        answer(106, { answer_options: [10600] }),
        answer(107, { answer_slider_options: [{ id: 10700, value: 70 }] }),
      ],
      questions,
    );
    expect(items.map((item) => item.title)).toEqual(['Name', 'Colors', 'Styles', 'Style', 'Reference files']);
    expect(items[0].text).toBe('Harbor');
    expect(items[1].options).toEqual([{ id: 10501, title: 'Red', image: null }]);
    expect(items[2]).toMatchObject({ pictures: true, options: [{ title: 'Minimal', image: '/static/styles/minimal.png' }] });
    expect(items[3].sliders).toEqual([{ id: 10700, left: 'Classic', right: 'Modern', value: 70 }]);
    expect(items[4].files).toEqual([{ id: 5, name: 'ref.pdf', full_path: '/files/5/content' }]);
  });

  it('leaves out unanswered questions and html blocks', () => {
    expect(briefItems([answer(100, { answer: '<p>x</p>' }), answer(101, { answer: '  ' })], questions)).toEqual([]);
  });
});
