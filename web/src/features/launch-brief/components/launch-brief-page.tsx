import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/form-fields';
import { Spinner } from '@/components/ui/spinner';
import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { isClient } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@/lib/validators';
import type { ContestType, Question, User } from '@/types/api';

import { createContest, getBrief, updateBrief } from '../api/brief';
import { getContestType, getContestTypeBySlug, getContestTypes, getQuestions } from '../api/catalogue';
import {
  FILL_BRIEF_MESSAGE,
  FILL_BRIEF_MS,
  applyDraft,
  clearDraft,
  initialValues,
  launchSteps,
  saveDraft,
  toPayload,
  validateBrief,
  valuesFromSaved,
  type BriefValues,
} from '../brief-rules';
import { QuestionField } from './question-field';
import { StepBar } from '@/components/layouts/launch-step-bar';

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
  user: Pick<User, 'user_type_id'> | null;
  /**
   * The Create Account / Log in tabs shown to an anonymous visitor once the brief is complete
   * (composed by the app from the auth feature); signing in submits the brief.
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
  const [askAccount, setAskAccount] = useState(false);
  const fillTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editing = target.mode === 'edit';
  const targetKey = editing ? `edit:${target.contestId}` : `launch:${target.slug}`;

  useEffect(() => {
    if (user !== null && !isClient(user)) {
      toast.error('You do not have the correct account type to launch a contest.');
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
            toast.error('That is not a valid type of contest.');
            navigate('/login', { replace: true });
            return;
          }
          const questions = await getQuestions(type.id, { signal });
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

  useEffect(() => () => {
    if (fillTimer.current !== null) clearTimeout(fillTimer.current);
  }, []);

  if (loaded === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the brief" />
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
    if (pending) return;
    if (!valid) {
      setAttempted(true);
      setTouched(Object.fromEntries(questions.map((q) => [q.id, true])));
      showFillBrief();
      return;
    }
    if (user === null && !editing) {
      // An anonymous visitor: the account first, then the brief is sent.
      setAskAccount(true);
      return;
    }
    await submitBrief();
  }

  async function onSignedIn(account: User, registered: boolean) {
    setAskAccount(false);
    if (!isClient(account)) {
      toast.error('You do not have the correct account type to launch a contest.');
      navigate('/dashboard', { replace: true });
      return;
    }
    if (registered) toast.success('Registered Successfully');
    await submitBrief();
  }

  async function submitBrief() {
    setPending(true);
    setFailure(null);
    const payload = {
      contest_type_id: type.id,
      contest_type_questions: toPayload(questions, values),
      ...(type.only_tip_start === 1 ? { is_tip: 1 } : {}),
    };
    try {
      if (target.mode === 'edit') {
        await updateBrief(target.contestId, payload);
        toast.success('Design Brief Updated');
        navigate(`/contests/${target.contestId}/options`);
      } else {
        const contest = await createContest(payload);
        clearDraft();
        toast.success('Your design brief has been created!');
        navigate(`/contests/${contest.id}/options`);
      }
    } catch (error) {
      setFailure(errorMessage(error));
      setPending(false);
    }
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

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {askAccount && accountGate && (
        <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4" onClick={() => setAskAccount(false)}>
          <div
            role="dialog"
            aria-modal="true"
            aria-labelledby="account-gate-title"
            onClick={(event) => event.stopPropagation()}
            className="max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl sm:max-w-xl sm:rounded-2xl"
          >
            {accountGate((account, registered) => void onSignedIn(account, registered))}
          </div>
        </div>
      )}
      <StepBar steps={launchSteps(type.only_tip_start === 1)} current={step} onStep={(s) => void goToStep(s)} />
      {step === 1 ? (
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-xl font-semibold text-slate-900">Choose a contest type</h1>
          <p className="mt-1 text-sm text-slate-500">The title and description you typed are kept.</p>
          {types === null ? (
            <Spinner label="Loading contest types" />
          ) : (
            <div className="mt-4 grid gap-3 sm:grid-cols-3">
              {types.map((option) => (
                <button
                  key={option.id}
                  type="button"
                  onClick={() => {
                    setStep(2);
                    if (option.id !== type.id) navigate(`/contests/${option.launch_brief_slug}/launch`);
                  }}
                  className={`rounded-lg border px-4 py-3 text-left text-sm hover:border-indigo-400 ${option.id === type.id ? 'border-indigo-600 bg-indigo-50 font-semibold' : 'border-slate-200'}`}
                >
                  {option.listing_title}
                </button>
              ))}
            </div>
          )}
        </section>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <section className="min-w-0 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <div>
              <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">{type.listing_title}</p>
              <h1 className="text-2xl font-bold text-slate-900">{editing ? 'Edit Design Brief' : 'Design Brief'}</h1>
            </div>
            {fillBrief && <Alert onDismiss={() => setFillBrief(false)}>{FILL_BRIEF_MESSAGE}</Alert>}
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
                <p className="mb-3">{type.participate_terms}</p>
                <CheckboxField label="I accept the terms" checked={termsAccepted} onChange={setTermsAccepted} error={attempted ? termsError : undefined} />
              </div>
            )}
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm text-slate-600">
                {editing ? 'Save the brief, then review your prize and options.' : 'Next: choose the prize amount and upgrades.'}
              </p>
              <Button type="submit" className="mt-3 w-full" disabled={pending || (attempted && !valid)} isLoading={pending}>
                {editing ? 'Update Brief' : 'Continue'}
              </Button>
            </div>
          </aside>
        </form>
      )}
    </div>
  );
}
