import { useTranslation } from 'react-i18next';

import { FIELD } from '@/lib/brief-rules';
import { catalogueText } from '@/lib/catalogue';

import { CheckboxChoices, ImageChoices, RadioChoices, SliderChoices, type ControlProps } from './question-choices';
import { QuestionFiles } from './question-files';

const INPUT =
  'block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none';

/** The control of one brief question, chosen by its field type (the label and error are QuestionField's). */
export function QuestionControl(props: ControlProps) {
  const { t } = useTranslation('components', { keyPrefix: 'questionField' });
  const { question, value, id, border, set, onBlur } = props;
  const type = question.form_field_type_id;

  switch (type) {
    case FIELD.textarea:
      return (
        <textarea id={id} rows={4} value={value.text} placeholder={question.placeholder ? catalogueText(question.placeholder) : undefined} onChange={(e) => set({ text: e.target.value })} onBlur={onBlur} className={`${INPUT} ${border}`} />
      );
    case FIELD.radio:
      return <RadioChoices {...props} />;
    case FIELD.select:
      return (
        <select id={id} value={value.options[0] ?? ''} onChange={(e) => set({ options: e.target.value ? [Number(e.target.value)] : [] })} onBlur={onBlur} className={`${INPUT} ${border} bg-white`}>
          <option value="">{question.placeholder ?? t('chooseOne')}</option>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {catalogueText(option.title)}
            </option>
          ))}
        </select>
      );
    case FIELD.checkbox:
      return <CheckboxChoices {...props} />;
    case FIELD.imageCheckbox:
      return <ImageChoices {...props} />;
    case FIELD.multiselect:
      return (
        <select id={id} multiple value={value.options.map(String)} onChange={(e) => set({ options: [...e.target.selectedOptions].map((o) => Number(o.value)) })} onBlur={onBlur} className={`${INPUT} ${border} h-32 bg-white`}>
          {question.options.map((option) => (
            <option key={option.id} value={option.id}>
              {catalogueText(option.title)}
            </option>
          ))}
        </select>
      );
    case FIELD.slider:
      return <SliderChoices {...props} />;
    case FIELD.file:
      return <QuestionFiles {...props} />;
    case FIELD.rating:
      return (
        <select id={id} value={value.text} onChange={(e) => set({ text: e.target.value })} onBlur={onBlur} className={`${INPUT} ${border} w-32 bg-white`}>
          <option value="">{t('rate')}</option>
          {[1, 2, 3, 4, 5].map((n) => (
            <option key={n} value={String(n)}>
              {'★'.repeat(n)}
            </option>
          ))}
        </select>
      );
    default:
      return (
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
}
