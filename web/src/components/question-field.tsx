import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '@/lib/error-messages';
import { useMessageTranslation } from '@/lib/spec-messages/translate';
import { FILE_CATEGORY, uploadFiles } from '@/lib/upload';
import type { Question } from '@/types/api';

import { FIELD, SLIDER_MAX, SLIDER_MIN, clampSlider, questionLabel, type AnswerValue } from '@/lib/brief-rules';
import { catalogueText } from '@/lib/catalogue';

const INPUT =
  'block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none';

interface QuestionFieldProps {
  question: Question;
  value: AnswerValue;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
  onBlur: () => void;
}

/** Plain text of catalogue HTML (shown as text; the brief never renders server HTML). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((known) => known !== id) : [...list, id];
}

/** One brief question, drawn for its field type. */
export function QuestionField({ question, value, error, onChange, onBlur }: QuestionFieldProps) {
  const { t } = useTranslation('components', { keyPrefix: 'questionField' });
  // The brief rules raise the spec's English ('This field is required'); shown in the reader's language.
  const translate = useMessageTranslation();
  const id = useId();
  const [upload, setUpload] = useState<{ progress: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const type = question.form_field_type_id;
  const border = error ? 'border-red-400' : 'border-slate-300';
  const set = (changes: Partial<AnswerValue>) => onChange({ ...value, ...changes });

  if (type === FIELD.html) {
    return (
      <div className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
        <p className="font-semibold">{catalogueText(question.title)}</p>
        {question.html_content && <p className="mt-1">{textOf(catalogueText(question.html_content))}</p>}
      </div>
    );
  }

  async function handleFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    setUploadError(null);
    setUpload({ progress: 0 });
    try {
      const stored = await uploadFiles([...files], FILE_CATEGORY.contestBrief, (progress) => setUpload({ progress }));
      set({ files: [...value.files, ...stored] });
    } catch (failure) {
      setUploadError(errorMessage(failure));
    } finally {
      setUpload(null);
      onBlur();
    }
  }

  let control;
  switch (type) {
    case FIELD.textarea:
      control = (
        <textarea id={id} rows={4} value={value.text} placeholder={question.placeholder ? catalogueText(question.placeholder) : undefined} onChange={(e) => set({ text: e.target.value })} onBlur={onBlur} className={`${INPUT} ${border}`} />
      );
      break;
    case FIELD.radio:
      control = (
        <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-3" onBlur={onBlur}>
          {question.options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="radio" name={`q${question.id}`} checked={value.options[0] === option.id} onChange={() => set({ options: [option.id] })} className="size-4 text-indigo-600" />
              {catalogueText(option.title)}
            </label>
          ))}
        </div>
      );
      break;
    case FIELD.select:
      control = (
        <select id={id} value={value.options[0] ?? ''} onChange={(e) => set({ options: e.target.value ? [Number(e.target.value)] : [] })} onBlur={onBlur} className={`${INPUT} ${border} bg-white`}>
          <option value="">{question.placeholder ?? t('chooseOne')}</option>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {catalogueText(option.title)}
            </option>
          ))}
        </select>
      );
      break;
    case FIELD.checkbox:
      control = (
        <div className="grid gap-2 sm:grid-cols-2" onBlur={onBlur}>
          {question.options.map((option) => (
            <label key={option.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={value.options.includes(option.id)} onChange={() => set({ options: toggle(value.options, option.id) })} className="size-4 rounded text-indigo-600" />
              {catalogueText(option.title)}
            </label>
          ))}
        </div>
      );
      break;
    case FIELD.imageCheckbox:
      control = (
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
      break;
    case FIELD.multiselect:
      control = (
        <select id={id} multiple value={value.options.map(String)} onChange={(e) => set({ options: [...e.target.selectedOptions].map((o) => Number(o.value)) })} onBlur={onBlur} className={`${INPUT} ${border} h-32 bg-white`}>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {catalogueText(option.title)}
            </option>
          ))}
        </select>
      );
      break;
    case FIELD.slider:
      control = (
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
      break;
    case FIELD.file:
      control = (
        <div className="space-y-2">
          <input id={id} type="file" multiple disabled={upload !== null} onChange={(e) => void handleFiles(e.target.files)} className="block text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-3 file:py-1.5 file:text-white" />
          {upload && (
            <div role="progressbar" aria-label={t('uploadProgress')} aria-valuenow={Math.round(upload.progress * 100)} className="h-2 overflow-hidden rounded-full bg-slate-200">
              <div className="h-full bg-indigo-600" style={{ width: `${Math.round(upload.progress * 100)}%` }} />
            </div>
          )}
          {uploadError && <p className="text-xs text-red-600">{translate(uploadError)}</p>}
          {value.files.length > 0 && (
            <ul className="flex flex-wrap gap-2 text-xs">
              {value.files.map((file) => (
                <li key={file.id} className="flex items-center gap-1 rounded-full bg-slate-100 px-2 py-1">
                  {file.name}
                  <button type="button" aria-label={t('remove', { name: file.name })} onClick={() => set({ files: value.files.filter((f) => f.id !== file.id) })} className="text-slate-500 hover:text-red-600">
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
      break;
    case FIELD.rating:
      control = (
        <select id={id} value={value.text} onChange={(e) => set({ text: e.target.value })} onBlur={onBlur} className={`${INPUT} ${border} w-32 bg-white`}>
          <option value="">{t('rate')}</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={String(n)}>
              {'★'.repeat(n)}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = (
        <input
          id={id}
          type={type === FIELD.date ? 'date' : 'text'}
          value={value.text}
          placeholder={question.placeholder ? catalogueText(question.placeholder) : undefined}
          onChange={(e) => set({ text: e.target.value })}
          onBlur={onBlur}
          className={`${INPUT} ${border}`}
        />
      );
  }

  return (
    <div data-question-id={question.id}>
      <label id={`${id}-label`} htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {questionLabel(catalogueText(question.title))}
        {question.is_required === 1 && <span className="ml-0.5 text-red-500">*</span>}
      </label>
      {control}
      {error && <p className="mt-1 text-xs text-red-600">{translate(error)}</p>}
    </div>
  );
}
