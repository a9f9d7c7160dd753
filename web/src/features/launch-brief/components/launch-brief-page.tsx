import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CheckboxField } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { hasSubscribed, isClient } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@/lib/validators';
import type { ContestType, Question, User } from '@/types/api';

import { createContest, getBrief, updateBrief } from '../api/brief';
import { validateCoupon } from '../api/coupon';
import { myOpenContests } from '../api/my-contests';
import { getQuickChat, linkQuickChat, type QuickChat } from '../api/quick-chat';
import { forgetTracker, rememberTracker, storedTracker } from '../tracker';
import { getContestType, getContestTypeBySlug, getContestTypes, getQuestions } from '@/lib/api/catalogue';
import {
  FILL_BRIEF_MS,
  applyDraft,
  clearDraft,
  initialValues,
  saveDraft,
  toPayload,
  validateBrief,
  valuesFromSaved,
  type BriefValues,
} from '@/lib/brief-rules';
import { forgetCoupon, rememberCoupon, storedCoupon } from '../coupon';
import {
  addsToQueue,
  categoryFrom,
  categoryParam,
  destinationOf,
  editChoices,
  holdsFreeSlot,
  launchChoices,
  needsLogoWarning,
  typesOf,
  type Category,
  type LaunchChoice,
} from '../launch-choices';
import { QuestionField } from '@/components/question-field';
import { StepBar } from '@/components/layouts/launch-step-bar';
import { catalogueText } from '@/lib/catalogue';

export type LaunchBriefTarget = { mode: 'launch'; slug: string } | { mode: 'edit'; contestId: number };

interface Loaded {
  type: ContestType;
  questions: Question[];
}

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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [values, setValues] = useState<BriefValues>({});
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [fillBrief, setFillBrief] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [step, setStep] = useState(2);
  const [types, setTypes] = useState<ContestType[] | null>(null);
  const [askAccount, setAskAccount] = useState<LaunchChoice | null>(null);
  const [choosing, setChoosing] = useState<LaunchChoice | null>(null);
  const [hasActive, setHasActive] = useState(false);
  const [warnType, setWarnType] = useState<ContestType | null>(null);
  const [chat, setChat] = useState<QuickChat | null>(null);
  const [search] = useSearchParams();
  const { t } = useTranslation('launch-brief');
  const category = categoryFrom(search.get('category'));
  const [switcherCategory, setSwitcherCategory] = useState<Category>(category);
  const subscribed = user !== null && hasSubscribed(user);
  const fillTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editing = target.mode === 'edit';
  // The edit flag: an unstarted contest picked up again offers the launch choices (see editChoices).
  const editFlag = editing && search.get('edit') === '1';
  const targetKey = editing ? `edit:${target.contestId}` : `launch:${target.slug}`;

  useEffect(() => {
    if (user !== null && !isClient(user)) {
      toast.error(t('wrongAccountType'));
      navigate('/dashboard', { replace: true });
      return undefined;
    }
    const controller = new AbortController();
    const signal = controller.signal;
    async function load() {
      try {
        if (target.mode === 'launch') {
          let type: ContestType;
          try {
            type = await getContestTypeBySlug(target.slug, { signal });
          } catch (error) {
            if (isAbortError(error)) throw error;
            toast.error(t('invalidType'));
            navigate('/login', { replace: true });
            return;
          }
          const questions = await getQuestions(type.id, { signal, quickStartOnly: category === 'quick' });
          setLoaded({ type, questions });
          setValues(applyDraft(questions, initialValues(questions)));
        } else {
          const brief = await getBrief(target.contestId, { signal });
          const [type, questions] = await Promise.all([
            getContestType(brief.contest_type_id, { signal }),
            getQuestions(brief.contest_type_id, { signal }),
          ]);
          setLoaded({ type, questions });
          setValues(valuesFromSaved(questions, brief.answers));
        }
      } catch (error) {
        if (isAbortError(error) || signal.aborted) return;
        // A contest that is not the caller's, or that does not load, leads to the dashboard.
        toast.error(errorMessage(error));
        navigate('/dashboard', { replace: true });
      }
    }
    void load();
    return () => controller.abort();
    // targetKey stands for target; user changes are handled by the shell.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey]);

  // A coupon code from the URL is kept (encoded) for 24 hours.
  const urlCoupon = search.get('discount_code');
  useEffect(() => {
    if (urlCoupon) rememberCoupon(urlCoupon);
  }, [urlCoupon]);

  // A quick-start chat's tracker id is kept until the contest it leads to exists; the chat's
  // e-mail tells the visitor which conversation this brief continues.
  const urlTracker = search.get('trackerId');
  useEffect(() => {
    if (editing) return undefined;
    const tracker = rememberTracker(urlTracker) ?? storedTracker();
    if (tracker === null) return undefined;
    const controller = new AbortController();
    getQuickChat(tracker, { signal: controller.signal }).then(setChat, (error: unknown) => {
      // An unknown or stale tracker is dropped quietly: the brief works without it.
      if (!isAbortError(error)) forgetTracker();
    });
    return () => controller.abort();
  }, [editing, urlTracker]);

  // A signed-in client's coupon is validated by type; a refusal clears it with the server's message.
  const loadedTypeId = loaded?.type.id ?? null;
  const signedInClient = user !== null && isClient(user);
  useEffect(() => {
    const code = storedCoupon();
    if (editing || loadedTypeId === null || !signedInClient || code === null) return;
    validateCoupon(loadedTypeId, code).then(
      (answer) => toast.success(answer.message),
      (error: unknown) => {
        forgetCoupon();
        toast.error(errorMessage(error));
      },
    );
  }, [editing, loadedTypeId, signedInClient, urlCoupon]);

  // Whether another contest holds the subscriber's free slot (hides Start Contest Now).
  const editedId = editing ? target.contestId : null;
  useEffect(() => {
    if (!subscribed || (editing && !editFlag)) return;
    myOpenContests().then(
      (contests) => setHasActive(contests.some((contest) => contest.id !== editedId && holdsFreeSlot(contest))),
      () => setHasActive(true),
    );
  }, [subscribed, editing, editFlag, editedId]);

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
    await submitBrief(choice, subscribed);
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
    await submitBrief(choice, hasSubscribed(account));
  }

  async function submitBrief(choice: LaunchChoice, isSubscriber: boolean) {
    setPending(true);
    setChoosing(choice);
    setFailure(null);
    const coupon = editing ? null : storedCoupon();
    const payload = {
      contest_type_id: type.id,
      contest_type_questions: toPayload(questions, values),
      ...(type.only_tip_start === 1 || category === 'tip' ? { is_tip: 1 } : {}),
      ...(category === 'quick' ? { is_quick_start: 1 } : {}),
      ...(addsToQueue(choice, isSubscriber) ? { is_added_queue: 1 } : {}),
      // The server records the acceptance of the type's terms (and refuses a launch without it).
      ...(needsTerms && termsAccepted ? { agree_terms: 1 } : {}),
      ...(coupon ? { coupon_code: coupon } : {}),
    };
    try {
      if (target.mode === 'edit') {
        await updateBrief(target.contestId, payload);
        toast.success(choice === 'queue' ? t('addedToQueue') : t('briefUpdated'));
        navigate(editFlag ? destinationOf(choice, target.contestId, isSubscriber) : `/contests/${target.contestId}/options`);
      } else {
        const contest = await createContest(payload);
        clearDraft();
        await linkChat(contest.id);
        toast.success(choice === 'queue' ? t('addedToQueue') : t('briefCreated'));
        navigate(destinationOf(choice, contest.id, isSubscriber));
      }
    } catch (error) {
      // The spec shows a failed queue save as a success-type toast.
      if (choice === 'queue') toast.success(t('queueFailed'));
      setFailure(errorMessage(error));
      setPending(false);
      setChoosing(null);
    }
  }

  /** Links the quick-start chat (if one led here) to the new contest; the launch goes on regardless. */
  async function linkChat(contestId: number) {
    const tracker = storedTracker();
    if (tracker === null) return;
    try {
      await linkQuickChat(tracker, { contest_id: contestId });
    } catch {
      // A chat that cannot be linked (another account's) does not stop the launch.
    }
    forgetTracker();
  }

  async function goToStep(next: number) {
    if (next !== 1) return;
    setStep(1);
    if (types === null) {
      try {
        setTypes(await getContestTypes());
      } catch (error) {
        toast.error(errorMessage(error));
      }
    }
  }

  /** Switching type or category: the title, brief and description travel in local storage. */
  function switchTo(option: ContestType, nextCategory: Category) {
    setWarnType(null);
    setStep(2);
    saveDraft(questions, values);
    if (option.id !== type.id || nextCategory !== category) {
      navigate(`/contests/${option.launch_brief_slug}/launch${categoryParam(nextCategory)}`);
    }
  }

  function pickType(option: ContestType) {
    if (needsLogoWarning(type.id, questions, values) && (option.id !== type.id || switcherCategory !== category)) {
      setWarnType(option);
      return;
    }
    switchTo(option, switcherCategory);
  }

  const choiceLabels: Record<LaunchChoice, string> = {
    continue: t('continue'),
    start: t('startNow'),
    queue: t('addToQueue'),
    pay: t('payToStart'),
    update: t('cancelAndUpdate'),
  };
  const choices = editFlag ? editChoices(subscribed, hasActive) : editing ? [] : launchChoices(subscribed, hasActive);
  const categories: Category[] = ['normal', 'quick', 'tip'];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {askAccount !== null && accountGate && (
        <Dialog
          onClose={() => setAskAccount(null)}
          overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4"
          className="max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-xl sm:rounded-2xl"
        >
          {/* The gate's own DialogTitle names the dialog. */}
          {accountGate((account, registered) => void onSignedIn(account, registered))}
        </Dialog>
      )}
      {warnType !== null && (
        <ModalDialog
          title={t('warnTitle')}
          onClose={() => {
            // Cancel resets the switcher to the default category.
            setWarnType(null);
            setSwitcherCategory('normal');
          }}
          footer={
            <>
              <Button
                variant="secondary"
                onClick={() => {
                  setWarnType(null);
                  setSwitcherCategory('normal');
                }}
              >
                {t('common:cancel')}
              </Button>
              <Button onClick={() => switchTo(warnType, switcherCategory)}>{t('warnConfirm')}</Button>
            </>
          }
        >
          {t('warnBody')}
        </ModalDialog>
      )}
      <StepBar
        steps={[t('stepType'), t('stepBrief'), type.only_tip_start === 1 || category === 'tip' ? t('stepDetails') : t('stepPrize'), t('stepLaunch')]}
        current={step}
        onStep={(s) => void goToStep(s)}
      />
      {step === 1 ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h1 className="text-xl font-semibold text-slate-900">{t('chooseType')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('typeKept')}</p>
          <div role="tablist" aria-label={t('category')} className="mt-4 flex flex-wrap gap-2">
            {categories.map((option) => (
              <button
                key={option}
                type="button"
                role="tab"
                aria-selected={switcherCategory === option}
                onClick={() => setSwitcherCategory(option)}
                className={`rounded-full border px-3 py-1.5 text-sm font-medium ${switcherCategory === option ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 text-slate-700 hover:border-indigo-400'}`}
              >
                {t(`category_${option}`)}
              </button>
            ))}
          </div>
          {types === null ? (
            <Spinner label={t('loadingTypes')} />
          ) : (
            <div className="mt-4 grid gap-3 sm:grid-cols-3">
              {typesOf(types, switcherCategory).map((option) => (
                <button
                  key={option.id}
                  type="button"
                  onClick={() => pickType(option)}
                  className={`rounded-lg border px-4 py-3 text-left text-sm hover:border-indigo-400 ${option.id === type.id && switcherCategory === category ? 'border-indigo-600 bg-indigo-50 font-semibold' : 'border-slate-200'}`}
                >
                  {catalogueText(option.listing_title)}
                </button>
              ))}
            </div>
          )}
        </section>
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
          <aside className="space-y-4 self-start lg:sticky lg:top-6">
            {needsTerms && (
              <div className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
                <p className="mb-3">{catalogueText(type.participate_terms)}</p>
                <CheckboxField label={t('acceptTerms')} checked={termsAccepted} onChange={setTermsAccepted} error={attempted && termsError ? t('acceptTermsError') : undefined} />
              </div>
            )}
            <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm text-slate-600">{editing && !editFlag ? t('editNext') : subscribed ? t('subscriberNext') : t('next')}</p>
              {editing && !editFlag ? (
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
                    onClick={index === 0 ? undefined : () => void choose(choice)}
                    disabled={pending || (attempted && !valid)}
                    isLoading={pending && choosing === choice}
                  >
                    {choiceLabels[choice]}
                  </Button>
                ))
              )}
            </div>
          </aside>
        </form>
      )}
    </div>
  );
}
