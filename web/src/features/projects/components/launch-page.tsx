import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { FILL_BRIEF_MS, initialValues, toPayload } from '@/lib/brief-rules';
import { QuestionField } from '@/components/question-field';
import { errorMessage } from '@/lib/error-messages';
import { hasSubscribed, isClient } from '@/lib/roles';
import { toast } from '@/lib/toast';
import type { User } from '@/types/api';

import { sendInvites } from '../api/invites';
import { launchProject } from '../api/projects';
import { keepForQueue } from '../queued-brief';
import { useBriefAnswers } from '../hooks/use-brief-answers';
import { useLaunchCatalogue, type LaunchSlugs } from '../hooks/use-launch-catalogue';
import {
  DEFAULT_BUDGET_RANGE,
  NO_TIMELINE,
  budgetError,
  buildLaunchPayload,
  launchPath,
  mergeDialog,
  timelineComplete,
  type DialogValues,
} from '../launch-rules';

import { BudgetField } from './budget-field';
import { CatalogueSelectors } from './catalogue-selectors';
import { InviteDialog } from './invite-dialog';
import { InvitingPanel } from './inviting-panel';
import { LaunchActions, type LaunchAction } from './launch-actions';
import { ServicePanel } from './service-panel';
import { TimelineBudgetDialog } from './timeline-budget-dialog';
import { TimelineCards } from './timeline-cards';
import { catalogueText } from '@/lib/catalogue';

interface LaunchPageProps {
  user: User | null;
  slugs: LaunchSlugs;
  creativeId: string | null;
  onUser: (user: User) => void;
  /**
   * A visitor's account step before the brief goes out (Create an Account, Log in), given by the
   * app: it is the auth feature's, the same as the contest launch's. `onSignedIn` resubmits.
   */
  AccountGate: ComponentType<{ onSignedIn: (user: User) => void }>;
}

/** 'Start a New Project' (projects spec, sections 2 and 4): the brief of a new project. */
export function ProjectLaunchPage({ user, slugs, creativeId, onUser, AccountGate }: LaunchPageProps) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const catalogue = useLaunchCatalogue(slugs);
  const { category, subCategory, service, questions } = catalogue;
  const { values, setValues, touched, setTouched, shown, errors } = useBriefAnswers(questions);
  const [timeline, setTimeline] = useState(NO_TIMELINE);
  // Choosing a service sets the budget to its minimum.
  const [budgetState, setBudgetState] = useState<{ serviceId: number | null; value: number }>({ serviceId: null, value: DEFAULT_BUDGET_RANGE.min });
  const budget = budgetState.serviceId === (service?.id ?? null) ? budgetState.value : (service?.minimum_amount ?? DEFAULT_BUDGET_RANGE.min);
  const setBudget = (value: number) => setBudgetState({ serviceId: service?.id ?? null, value });
  const [fillBrief, setFillBrief] = useState(false);
  const [pending, setPending] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [awaitingAuth, setAwaitingAuth] = useState<LaunchAction | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const fillTimer = useRef<number | undefined>(undefined);

  const subscribed = user !== null && hasSubscribed(user);
  const range = service ? { min: service.minimum_amount, max: service.maximum_amount } : DEFAULT_BUDGET_RANGE;

  useEffect(() => () => window.clearTimeout(fillTimer.current), []);
  // The non-client's message, on load as on submit.
  useEffect(() => {
    if (user !== null && !isClient(user)) {
      toast.error(t('wrongAccount'));
      navigate('/dashboard', { replace: true });
    }
  }, [user, navigate, t]);

  // The address follows the selectors in place (no navigation), keeping creative_id.
  useEffect(() => {
    if (!category) return;
    const path = launchPath([category.launch_slug, subCategory?.launch_slug, service?.launch_slug], creativeId);
    if (window.location.pathname + window.location.search !== path) window.history.replaceState(window.history.state, '', path);
  }, [category, subCategory, service, creativeId]);

  const needsTimelineBudget = !subscribed;
  const budgetOk = !needsTimelineBudget || budgetError(budget, range) === undefined;
  const timelineOk = !needsTimelineBudget || timelineComplete(timeline);
  const choiceOk = category !== null && subCategory !== null && service !== null;
  const valid = choiceOk && Object.keys(errors).length === 0 && budgetOk && timelineOk;

  function showFillBrief() {
    setFillBrief(true);
    window.clearTimeout(fillTimer.current);
    fillTimer.current = window.setTimeout(() => setFillBrief(false), FILL_BRIEF_MS);
  }

  function payload(subscription: boolean) {
    return buildLaunchPayload({
      categoryId: category!.id,
      subCategoryId: subCategory!.id,
      serviceId: service!.id,
      questions,
      answers: toPayload(shown, values),
      timeline,
      budget: needsTimelineBudget || budgetError(budget, range) === undefined ? budget : null,
      subscription,
    });
  }

  async function create(subscription: boolean, dialog: DialogValues = {}) {
    setPending(true);
    try {
      const id = await launchProject(mergeDialog(payload(subscription), dialog));
      toast.success(t('created'));
      setDialogOpen(false);
      if (creativeId) await sendInvites(id, [Number(creativeId)]).catch(() => undefined);
      setCreatedId(id);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  function submit(action: LaunchAction, asUser: User | null = user) {
    if (asUser !== null && !isClient(asUser)) {
      toast.error(t('wrongAccount'));
      navigate('/dashboard', { replace: true });
      return;
    }
    setTouched(Object.fromEntries(shown.map((q) => [q.id, true])));
    if (!valid) {
      showFillBrief();
      return;
    }
    if (asUser === null) {
      setAwaitingAuth(action);
      return;
    }
    if (action === 'continue') void create(true);
    else if (action === 'pay') setDialogOpen(true);
    else {
      // The brief waits while they subscribe, and is queued afterwards (the subscriptions page).
      keepForQueue(payload(true));
      toast.info(t('queueNeedsSubscription'));
      navigate('/subscriptions');
    }
  }

  function signedIn(next: User) {
    onUser(next);
    const action = awaitingAuth ?? 'pay';
    setAwaitingAuth(null);
    // A subscriber who signed in mid-way continues on the queue; others pay to start.
    submit(hasSubscribed(next) ? 'continue' : action === 'continue' ? 'pay' : action, next);
  }

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('launch.heading')}</h1>
      <CatalogueSelectors catalogue={catalogue} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="relative">
          {!choiceOk && (
            <div data-testid="select-overlay" className="absolute inset-0 z-10 flex items-start justify-center rounded-xl bg-white/80 pt-16 backdrop-blur-[1px]">
              <p className="rounded-lg bg-slate-800 px-4 py-3 text-sm font-medium text-white shadow">{t('launch.selectFirst')}</p>
            </div>
          )}
          <form className="min-w-0 space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 [&_input[type=range]]:min-w-0" noValidate onSubmit={(e) => e.preventDefault()}>
            {fillBrief && <Alert onDismiss={() => setFillBrief(false)}>{t('fillBrief')}</Alert>}
            {shown.map((question) => (
              <QuestionField
                key={question.id}
                question={question}
                value={values[question.id] ?? initialValues([question])[question.id]}
                error={touched[question.id] ? errors[question.id] : undefined}
                onChange={(value) => setValues((v) => ({ ...v, [question.id]: value }))}
                onBlur={() => setTouched((v) => ({ ...v, [question.id]: true }))}
              />
            ))}
            {questions.length === 0 && choiceOk && <p className="text-sm text-slate-500">{t('loading', { ns: 'common' })}</p>}
            <TimelineCards value={timeline} onChange={setTimeline} error={fillBrief && !timelineOk ? t('timeline.required') : undefined} />
            <BudgetField value={budget} range={range} onChange={setBudget} />
            {awaitingAuth === null && <LaunchActions subscribed={subscribed} pending={pending} valid={valid} onSubmit={submit} />}
          </form>
          {awaitingAuth !== null && (
            <section data-testid="guest-auth" className="mt-4 rounded-xl border border-indigo-200 bg-white p-4 shadow-sm">
              <p className="mb-3 text-sm text-slate-700">{t('guest.intro')}</p>
              <AccountGate onSignedIn={signedIn} />
            </section>
          )}
        </div>
        <div className="space-y-4">
          {creativeId && <InvitingPanel creativeId={creativeId} signedIn={user !== null} />}
          {service ? (
            <ServicePanel service={service} category={category} subCategory={subCategory} />
          ) : (
            <aside className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-500">{t('launch.pickService')}</aside>
          )}
        </div>
      </div>
      {dialogOpen && (
        <TimelineBudgetDialog timeline={timeline} budget={budget} range={range} pending={pending} onClose={() => setDialogOpen(false)} onNext={(dialog) => void create(false, dialog)} />
      )}
      {createdId !== null && <InviteDialog projectId={createdId} productName={catalogueText(service?.title ?? '')} onClose={() => navigate('/dashboard')} />}
    </div>
  );
}
