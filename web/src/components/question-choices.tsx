import type { Question } from '@/types/api';

import { SLIDER_MAX, SLIDER_MIN, clampSlider, type AnswerValue } from '@/lib/brief-rules';
import { catalogueText } from '@/lib/catalogue';

/** What every drawn control of a brief question receives from QuestionField. */
export interface ControlProps {
  question: Question;
  value: AnswerValue;
  /** The control's id (the label's htmlFor); `${id}-label` names a group. */
  id: string;
  /** The border class: red while the question shows an error. */
  border: string;
  set: (changes: Partial<AnswerValue>) => void;
  onBlur: () => void;
}

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((known) => known !== id) : [...list, id];
}

/** One option among the question's options (radio buttons). */
export function RadioChoices({ question, value, id, set, onBlur }: ControlProps) {
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-3" onBlur={onBlur}>
      {question.options.map((option) => (
        <label key={option.id} className="flex items-center gap-2 text-sm text-slate-700">
          <input type="radio" name={`q${question.id}`} checked={value.options[0] === option.id} onChange={() => set({ options: [option.id] })} className="size-4 text-indigo-600" />
          {catalogueText(option.title)}
        </label>
      ))}
    </div>
  );
}

/** Any options among the question's options (checkboxes). */
export function CheckboxChoices({ question, value, set, onBlur }: ControlProps) {
  return (
    <div className="grid gap-2 sm:grid-cols-2" onBlur={onBlur}>
      {question.options.map((option) => (
        <label key={option.id} className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={value.options.includes(option.id)} onChange={() => set({ options: toggle(value.options, option.id) })} className="size-4 rounded text-indigo-600" />
          {catalogueText(option.title)}
        </label>
      ))}
    </div>
  );
}

/** Any options among the question's options, each a tile with its initial. */
export function ImageChoices({ question, value, set, onBlur }: ControlProps) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" onBlur={onBlur}>
      {question.options.map((option) => {
        const checked = value.options.includes(option.id);
        return (
          <label key={option.id} className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 p-3 text-center text-sm ${checked ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:border-slate-300'}`}>
            <input type="checkbox" className="sr-only" checked={checked} onChange={() => set({ options: toggle(value.options, option.id) })} />
            <span className="flex aspect-square w-full items-center justify-center rounded bg-gradient-to-br from-slate-100 to-slate-200 text-2xl font-bold text-slate-500">
              {option.title.slice(0, 1)}
            </span>
            {catalogueText(option.title)}
          </label>
        );
      })}
    </div>
  );
}

/** One slider per option, between its left and right titles. */
export function SliderChoices({ question, value, set, onBlur }: ControlProps) {
  return (
    <div className="space-y-3">
      {question.options.map((option) => (
        <div key={option.id} className="grid grid-cols-[4.5rem_minmax(0,1fr)_4.5rem] items-center gap-2 text-xs text-slate-600 sm:grid-cols-[7rem_minmax(0,1fr)_7rem] sm:gap-3">
          <span className="text-right">{catalogueText(option.title_left ?? option.title)}</span>
          <input
            type="range"
            min={SLIDER_MIN}
            max={SLIDER_MAX}
            aria-label={catalogueText(option.title)}
            value={value.sliders[option.id] ?? 50}
            onChange={(e) => set({ sliders: { ...value.sliders, [option.id]: clampSlider(Number(e.target.value)) } })}
            onBlur={onBlur}
            className="w-full min-w-0 accent-indigo-600"
          />
          <span>{catalogueText(option.title_right ?? '')}</span>
        </div>
      ))}
    </div>
  );
}
