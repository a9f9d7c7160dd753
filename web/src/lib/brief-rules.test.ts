import { describe, expect, it } from 'vitest';

import type { Question } from '@/types/api';

import {
  FIELD,
  applyDraft,
  clearDraft,
  emptyAnswer,
  initialValues,
  launchSteps,
  questionLabel,
  readDraft,
  saveDraft,
  toPayload,
  validateBrief,
} from './brief-rules';

let nextId = 1;
function question(type: number, extra: Partial<Question> = {}): Question {
  const id = nextId++;
  return {
    id,
    form_field_type_id: type,
    is_required: 1,
    is_title: 0,
    is_description: 0,
    title: `Question ${id}`,
    placeholder: null,
    html_content: null,
    options: [1, 2].map((n) => ({ id: id * 10 + n, title: `Option ${n}`, file: null, title_left: null, title_right: null, value: null })),
    ...extra,
  };
}

describe('brief validation (section 5)', () => {
  it('requires a non-blank value for text, textarea, date, select and radio', () => {
    const questions = [FIELD.text, FIELD.textarea, FIELD.date, FIELD.select, FIELD.radio].map((t) => question(t));
    const values = initialValues(questions);
    values[questions[0].id].text = '   ';
    const errors = validateBrief(questions, values);
    expect(Object.values(errors)).toEqual(Array(5).fill('This field is required'));
  });

  it('requires one option of checkboxes and image checkboxes, one value of a multiselect', () => {
    const [checkbox, image, multi] = [FIELD.checkbox, FIELD.imageCheckbox, FIELD.multiselect].map((t) => question(t));
    const errors = validateBrief([checkbox, image, multi], initialValues([checkbox, image, multi]));
    expect(errors).toEqual({
      [checkbox.id]: 'This field is required',
      [image.id]: 'This field is required',
      [multi.id]: 'Required Field',
    });
  });

  it('requires a file for a required file question', () => {
    const file = question(FIELD.file);
    const values = initialValues([file]);
    expect(validateBrief([file], values)[file.id]).toBe('This field is required');
    values[file.id].files = [{ id: 4, name: 'a.pdf', full_path: '/files/4/content', content_type: 'application/pdf', size: 1, hash: 'h' }];
    expect(validateBrief([file], values)).toEqual({});
  });

  it('passes sliders (they start at 50), html blocks and unanswered optional questions', () => {
    const slider = question(FIELD.slider);
    const html = question(FIELD.html);
    const optional = question(FIELD.text, { is_required: 0 });
    const values = initialValues([slider, html, optional]);
    expect(values[slider.id].sliders).toEqual({ [slider.options[0].id]: 50, [slider.options[1].id]: 50 });
    expect(validateBrief([slider, html, optional], values)).toEqual({});
  });
});

describe('brief payload', () => {
  it('sends text, options, sliders and files, and leaves out empty optional answers', () => {
    const text = question(FIELD.text);
    const radio = question(FIELD.radio);
    const slider = question(FIELD.slider);
    const file = question(FIELD.file);
    const skipped = question(FIELD.checkbox, { is_required: 0 });
    const questions = [text, radio, slider, file, skipped];
    const values = initialValues(questions);
    values[text.id] = { ...emptyAnswer(), text: '  Harbor  ' };
    values[radio.id].options = [radio.options[1].id];
    values[slider.id].sliders[slider.options[0].id] = 130;
    values[file.id].files = [{ id: 8, name: 'x.png', full_path: '', content_type: '', size: 1, hash: '' }];
    expect(toPayload(questions, values)).toEqual([
      { id: text.id, answer: 'Harbor' },
      { id: radio.id, answer_options: [radio.options[1].id] },
      {
        id: slider.id,
        answer_slider_options: [
          { id: slider.options[0].id, value: 100 },
          { id: slider.options[1].id, value: 50 },
        ],
      },
      { id: file.id, answer_file_ids: [8] },
    ]);
  });
});

describe('labels and steps', () => {
  it('gives a label a colon unless it ends with a question mark', () => {
    expect(questionLabel('Which industry are you in?')).toBe('Which industry are you in?');
    expect(questionLabel('Height')).toBe('Height:');
    expect(questionLabel('Logo text (optional)')).toBe('Logo text (optional):');
    expect(questionLabel('Width:')).toBe('Width:');
  });

  it('names step 3 Contest Details for tip-only contests', () => {
    expect(launchSteps(false)).toEqual(['Contest Type', 'Design Brief', 'Prize Amount', 'Launch']);
    expect(launchSteps(true)[2]).toBe('Contest Details');
  });
});

describe('local-storage draft', () => {
  it('keeps the title and description answers and fills them back in', () => {
    const title = question(FIELD.text, { is_title: 1 });
    const description = question(FIELD.textarea, { is_description: 1 });
    const other = question(FIELD.text);
    const questions = [title, description, other];
    const values = initialValues(questions);
    values[title.id].text = 'Harbor Coffee';
    values[description.id].text = 'Roasters';
    values[other.id].text = 'not kept';
    saveDraft(questions, values);
    expect(readDraft()).toEqual({ title: 'Harbor Coffee', description: 'Roasters' });
    expect(window.localStorage.getItem('titleValue')).toBe('Harbor Coffee');

    const restored = applyDraft(questions, initialValues(questions));
    expect(restored[title.id].text).toBe('Harbor Coffee');
    expect(restored[description.id].text).toBe('Roasters');
    expect(restored[other.id].text).toBe('');
    clearDraft();
    expect(readDraft()).toEqual({ title: '', description: '' });
  });
});
