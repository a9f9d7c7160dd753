import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { StepBar } from '@/components/layouts/launch-step-bar';
import { QuestionField } from '@/components/question-field';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { FILL_BRIEF_MS, saveDraft, validateBrief, type BriefValues } from '@/lib/brief-rules';
import { catalogueText } from '@/lib/catalogue';
import { hasSubscribed, isClient } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@/lib/validators';
import type { User } from '@/types/api';

import { useBriefSubmit } from '../hooks/use-brief-submit';
import { useLaunchContext } from '../hooks/use-launch-context';
import { useLoadedBrief } from '../hooks/use-loaded-brief';
import { useTypeSwitch } from '../hooks/use-type-switch';
import { categoryFrom, editChoices, launchChoices, type LaunchChoice } from '../launch-choices';
import { AccountDialog } from './account-dialog';
import { BriefAside } from './brief-aside';
import { LogoWarningDialog } from './logo-warning-dialog';
import { TypeSwitcher } from './type-switcher';

export type LaunchBriefTarget = { mode: 'launch'; slug: string } | { mode: 'edit'; contestId: number };

/**
 * `/contests/{launch_brief_slug}/launch` and `/contests/{id}/briefs/edit`: step 2 of the launch,
 * the design brief, as a form built from the type's questions (section 5 rules, draft kept in
 * local storage while launching).
 */
interface LaunchBriefPageProps {
  target: LaunchBriefTarget;
  /** Null for an anonymous visitor: the brief comes first, then the account. */
  user: Pick<User, 'user_type_id' | 'detail'> | null;
  /**
   * The Create Account / Log in tabs shown to an anonymous visitor once the brief is complete
   * (composed by the app from the auth feature); signing in submits the brief. Shown in a
   * dialog, which its `DialogTitle` names.
   */
  accountGate?: (onSignedIn: (user: User, registered: boolean) => void) => ReactNode;
}

export function LaunchBriefPage({ target, user, accountGate }: LaunchBriefPageProps) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { t } = useTranslation('launch-brief');
  const category = categoryFrom(search.get('category'));
  const editing = target.mode === 'edit';
  // The edit flag: an unstarted contest picked up again offers the launch choices (see editChoices).
  const editFlag = editing && search.get('edit') === '1';
  const subscribed = user !== null && hasSubscribed(user);
  const { loaded, values, setValues } = useLoadedBrief(target, user, category);
  const { chat, hasActive } = useLaunchContext({
    editedId: editing ? target.contestId : null,
    editFlag,
    urlCoupon: search.get('discount_code'),
    urlTracker: search.get('trackerId'),
    loadedTypeId: loaded?.type.id ?? null,
    signedInClient: user !== null && isClient(user),
    subscribed,
  });
  const { pending, choosing, failure, setFailure, submitBrief } = useBriefSubmit(target, editFlag, category);
  const { step, types, goToStep, warnType, switcherCategory, setSwitcherCategory, switchTo, pickType, cancelWarning } = useTypeSwitch(loaded, values, category);
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [fillBrief, setFillBrief] = useState(false);
  const [askAccount, setAskAccount] = useState<LaunchChoice | null>(null);
  const fillTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (fillTimer.current !== null) clearTimeout(fillTimer.current);
  }, []);

  if (loaded === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={t('loading')} />
      </div>
    );
  }

  const { type, questions } = loaded;
  const needsTerms = !editing && type.has_terms === 1;
  const errors = validateBrief(questions, values);
  const termsError = needsTerms && !termsAccepted ? MESSAGES.acceptTerms : undefined;
  const valid = Object.keys(errors).length === 0 && termsError === undefined;
  const sent = { type, questions, values, agreeTerms: needsTerms && termsAccepted };

  function change(questionId: number, value: BriefValues[number]) {
    setValues((current) => {
      const next = { ...current, [questionId]: value };
      if (!editing) saveDraft(questions, next);
      return next;
    });
  }

  function showFillBrief() {
    setFillBrief(true);
    if (fillTimer.current !== null) clearTimeout(fillTimer.current);
    fillTimer.current = setTimeout(() => setFillBrief(false), FILL_BRIEF_MS);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // The form's submit is the first choice offered (Continue, or a subscriber's Start Contest Now).
    await choose(choices[0] ?? 'continue');
  }

  async function choose(choice: LaunchChoice) {
    if (pending) return;
    if (!valid) {
      setAttempted(true);
      setTouched(Object.fromEntries(questions.map((q) => [q.id, true])));
      showFillBrief();
      return;
    }
    if (user === null && !editing) {
      // An anonymous visitor: the account first, then the brief is sent.
      setAskAccount(choice);
      return;
    }
    await submitBrief(choice, subscribed, sent);
  }

  async function onSignedIn(account: User, registered: boolean) {
    const choice = askAccount ?? 'continue';
    setAskAccount(null);
    if (!isClient(account)) {
      toast.error(t('wrongAccountType'));
      navigate('/dashboard', { replace: true });
      return;
    }
    if (registered) toast.success(t('registered'));
    await submitBrief(choice, hasSubscribed(account), sent);
  }

  const choices = editFlag ? editChoices(subscribed, hasActive) : editing ? [] : launchChoices(subscribed, hasActive);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {askAccount !== null && accountGate && (
        <AccountDialog onClose={() => setAskAccount(null)}>{accountGate((account, registered) => void onSignedIn(account, registered))}</AccountDialog>
      )}
      {warnType !== null && (
        <LogoWarningDialog onCancel={cancelWarning} onConfirm={() => switchTo(warnType, switcherCategory)} />
      )}
      <StepBar
        steps={[t('stepType'), t('stepBrief'), type.only_tip_start === 1 || category === 'tip' ? t('stepDetails') : t('stepPrize'), t('stepLaunch')]}
        current={step}
        onStep={(s) => void goToStep(s)}
      />
      {step === 1 ? (
        <TypeSwitcher types={types} type={type} category={category} switcherCategory={switcherCategory} onCategory={setSwitcherCategory} onPick={pickType} />
      ) : (
        <form onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <section className="min-w-0 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <div>
              <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">
                {catalogueText(type.listing_title)}
                {category !== 'normal' && ` · ${t(`category_${category}`)}`}
              </p>
              <h1 className="text-2xl font-bold text-slate-900">{editing ? t('editTitle') : t('title')}</h1>
            </div>
            {chat && (
              <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900" data-testid="quick-chat">
                {t('quickChat', { email: chat.email })}
              </p>
            )}
            {fillBrief && <Alert onDismiss={() => setFillBrief(false)}>{t('fillBrief')}</Alert>}
            {failure && <Alert onDismiss={() => setFailure(null)}>{failure}</Alert>}
            {questions.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                value={values[question.id]}
                error={touched[question.id] ? errors[question.id] : undefined}
                onChange={(value) => change(question.id, value)}
                onBlur={() => setTouched((current) => (current[question.id] ? current : { ...current, [question.id]: true }))}
              />
            ))}
          </section>
          <BriefAside
            needsTerms={needsTerms}
            terms={type.participate_terms}
            termsAccepted={termsAccepted}
            onTermsAccepted={setTermsAccepted}
            attempted={attempted}
            termsMissing={termsError !== undefined}
            valid={valid}
            plainEdit={editing && !editFlag}
            subscribed={subscribed}
            choices={choices}
            onChoose={(choice) => void choose(choice)}
            pending={pending}
            choosing={choosing}
          />
        </form>
      )}
    </div>
  );
}
