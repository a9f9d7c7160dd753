import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/form-fields';
import { catalogueText } from '@/lib/catalogue';

import type { LaunchChoice } from '../launch-choices';

interface BriefAsideProps {
  /** A launch of a type with terms: they are accepted here. */
  needsTerms: boolean;
  terms: string | null | undefined;
  termsAccepted: boolean;
  onTermsAccepted: (accepted: boolean) => void;
  /** Submitted once with something missing: the errors (the terms' too) are shown. */
  attempted: boolean;
  termsMissing: boolean;
  valid: boolean;
  /** An edit without the edit flag: one Update Brief button instead of the choices. */
  plainEdit: boolean;
  subscribed: boolean;
  /** The choices offered, the first one the form's submit. */
  choices: LaunchChoice[];
  onChoose: (choice: LaunchChoice) => void;
  pending: boolean;
  /** The choice being sent (its button spins). */
  choosing: LaunchChoice | null;
}

/** Beside the brief: the type's terms, and the buttons that send it (Continue, Start Contest Now...). */
export function BriefAside({ needsTerms, terms, termsAccepted, onTermsAccepted, attempted, termsMissing, valid, plainEdit, subscribed, choices, onChoose, pending, choosing }: BriefAsideProps) {
  const { t } = useTranslation('launch-brief');
  const choiceLabels: Record<LaunchChoice, string> = {
    continue: t('continue'),
    start: t('startNow'),
    queue: t('addToQueue'),
    pay: t('payToStart'),
    update: t('cancelAndUpdate'),
  };
  return (
    <aside className="space-y-4 self-start lg:sticky lg:top-6">
      {needsTerms && (
        <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="mb-3">{catalogueText(terms)}</p>
          <CheckboxField label={t('acceptTerms')} checked={termsAccepted} onChange={onTermsAccepted} error={attempted && termsMissing ? t('acceptTermsError') : undefined} />
        </div>
      )}
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <p className="text-sm text-slate-600">{plainEdit ? t('editNext') : subscribed ? t('subscriberNext') : t('next')}</p>
        {plainEdit ? (
          <Button type="submit" className="w-full" disabled={pending || (attempted && !valid)} isLoading={pending}>
            {t('updateBrief')}
          </Button>
        ) : (
          choices.map((choice, index) => (
            <Button
              key={choice}
              type={index === 0 ? 'submit' : 'button'}
              variant={index === 0 ? 'primary' : 'secondary'}
              className="w-full"
              onClick={index === 0 ? undefined : () => onChoose(choice)}
              disabled={pending || (attempted && !valid)}
              isLoading={pending && choosing === choice}
            >
              {choiceLabels[choice]}
            </Button>
          ))
        )}
      </div>
    </aside>
  );
}
