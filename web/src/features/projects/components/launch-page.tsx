import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FILL_BRIEF_MS, initialValues, toPayload, validateAnswer, type BriefValues } from '@/lib/brief-rules';
import { QuestionField } from '@/components/question-field';
import { api, ok } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { hasSubscribed, isClient } from '@/lib/roles';
import { toast } from '@/lib/toast';
import type { Question, User } from '@/types/api';

import { sendInvites } from '../api/invites';
import { launchProject } from '../api/projects';
import { keepForQueue } from '../queued-brief';
import { useLaunchCatalogue, type LaunchSlugs } from '../hooks/use-launch-catalogue';
import {
  BUDGET_QUESTION,
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
import { InviteDialog } from './invite-dialog';
import { ServicePanel } from './service-panel';
import { TimelineBudgetDialog } from './timeline-budget-dialog';
import { TimelineCards } from './timeline-cards';
import { catalogueText } from '@/lib/catalogue';

type Action = 'continue' | 'queue' | 'pay';

const SELECT = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:ring-2 focus:ring-indigo-500 focus:outline-none disabled:bg-slate-100';

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
  // The answers belong to one list of questions: a new category starts a new brief.
  const [brief, setBrief] = useState<{ questions: Question[]; values: BriefValues }>({ questions: [], values: {} });
  const values = brief.questions === questions ? brief.values : initialValues(questions);
  const setValues = (update: (current: BriefValues) => BriefValues) => setBrief({ questions, values: update(values) });
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [timeline, setTimeline] = useState(NO_TIMELINE);
  // Choosing a service sets the budget to its minimum.
  const [budgetState, setBudgetState] = useState<{ serviceId: number | null; value: number }>({ serviceId: null, value: DEFAULT_BUDGET_RANGE.min });
  const budget = budgetState.serviceId === (service?.id ?? null) ? budgetState.value : (service?.minimum_amount ?? DEFAULT_BUDGET_RANGE.min);
  const setBudget = (value: number) => setBudgetState({ serviceId: service?.id ?? null, value });
  const [fillBrief, setFillBrief] = useState(false);
  const [pending, setPending] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [awaitingAuth, setAwaitingAuth] = useState<Action | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const fillTimer = useRef<number | undefined>(undefined);

  const subscribed = user !== null && hasSubscribed(user);
  const range = service ? { min: service.minimum_amount, max: service.maximum_amount } : DEFAULT_BUDGET_RANGE;
  const shown = useMemo(() => questions.filter((q) => q.title !== BUDGET_QUESTION), [questions]);

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

  const errors: Record<number, string> = {};
  for (const question of shown) {
    const message = validateAnswer(question, values[question.id]);
    if (message) errors[question.id] = message;
  }
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

  function submit(action: Action, asUser: User | null = user) {
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

  const noSubs = catalogue.subCategories !== null && catalogue.subCategories.length === 0;
  const noServices = catalogue.services !== null && catalogue.services.length === 0;

  return (
    <div className="mx-auto max-w-6xl px-3 py-6 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('launch.heading')}</h1>
      <div className="mt-5 grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-700">
          {t('launch.category')}
          <select className={`${SELECT} mt-1`} value={category?.id ?? ''} onChange={(e) => catalogue.chooseCategory(catalogue.categories.find((c) => c.id === Number(e.target.value)) ?? null)}>
            <option value="">{t('launch.choose')}</option>
            {catalogue.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {catalogueText(c.title)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('launch.subCategory')}
          <select className={`${SELECT} mt-1`} disabled={!catalogue.subCategories?.length} value={subCategory?.id ?? ''} onChange={(e) => catalogue.chooseSubCategory(catalogue.subCategories?.find((s) => s.id === Number(e.target.value)) ?? null)}>
            <option value="">{t('launch.choose')}</option>
            {catalogue.subCategories?.map((s) => (
              <option key={s.id} value={s.id}>
                {catalogueText(s.title)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('launch.service')}
          <select className={`${SELECT} mt-1`} disabled={!catalogue.services?.length} value={service?.id ?? ''} onChange={(e) => catalogue.chooseService(catalogue.services?.find((s) => s.id === Number(e.target.value)) ?? null)}>
            <option value="">{t('launch.choose')}</option>
            {catalogue.services?.map((s) => (
              <option key={s.id} value={s.id}>
                {catalogueText(s.title)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {noSubs && <p className="mt-2 text-sm text-red-600">{t('launch.noSubCategories')}</p>}
      {noServices && <p className="mt-2 text-sm text-red-600">{t('launch.noServices')}</p>}

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
            {awaitingAuth === null && (
              <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
                {subscribed ? (
                  <Button disabled={pending || !valid} isLoading={pending} onClick={() => submit('continue')}>
                    {t('launch.continue')}
                  </Button>
                ) : (
                  <>
                    <Button variant="secondary" disabled={pending} onClick={() => submit('queue')}>
                      {t('launch.queue')}
                    </Button>
                    <Button disabled={pending} isLoading={pending} onClick={() => submit('pay')}>
                      {t('launch.pay')}
                    </Button>
                  </>
                )}
              </div>
            )}
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

/** 'Inviting {name}' for a creative pre-selected with creative_id. */
function InvitingPanel({ creativeId, signedIn }: { creativeId: string; signedIn: boolean }) {
  const { t } = useTranslation('projects');
  const [creative, setCreative] = useState<{ name: string; picture: string | null } | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const id = Number(creativeId);
    if (!Number.isInteger(id)) return;
    ok(api.GET('/users/{id}', { params: { path: { id } } })).then(({ data }) => setCreative({ name: data.username, picture: data.profile_picture?.full_path ?? null }), () => undefined);
  }, [creativeId, signedIn]);
  const name = creative?.name ?? `#${creativeId}`;
  return (
    <div data-testid="inviting" className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm">
      {creative?.picture ? (
        <img src={creative.picture} alt="" className="size-9 rounded-full object-cover" />
      ) : (
        <span className="flex size-9 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700">{name.slice(0, 1).toUpperCase()}</span>
      )}
      {t('launch.inviting', { name })}
    </div>
  );
}

