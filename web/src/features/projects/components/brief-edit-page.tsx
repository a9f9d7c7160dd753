import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FILL_BRIEF_MS, initialValues, toPayload, validateAnswer, valuesFromSaved, type BriefValues } from '@/lib/brief-rules';
import { QuestionField } from '@/components/question-field';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { Question } from '@/types/api';
import { priceDollars } from '@/lib/money';

import { getQuestions } from '../api/catalogue';
import { getProjectBrief, updateProjectBrief, type ProjectBrief } from '../api/projects';
import { BUDGET_QUESTION, NO_TIMELINE, TIMELINES, timelineComplete, timelinePayload, type TimelineChoice, type TimelineDays } from '../launch-rules';
import { TimelineCards } from './timeline-cards';

interface BriefEditPageProps {
  projectId: number;
  /** Editing from a bid (`.../{bidId}/edit`): back to that bid afterwards. */
  bidId: number | null;
}

function timelineOf(brief: ProjectBrief): TimelineChoice {
  if (brief.timeline != null && (TIMELINES as readonly number[]).includes(brief.timeline)) {
    return { ...NO_TIMELINE, days: brief.timeline as TimelineDays };
  }
  if (brief.timeline_range_start && brief.timeline_range_end) {
    return { days: null, custom: true, start: brief.timeline_range_start, end: brief.timeline_range_end };
  }
  return NO_TIMELINE;
}

/**
 * The saved answers; the title and description questions fall back to the project's own title
 * and description (which were taken from them at launch) when no answer was stored for them.
 */
function prefilled(questions: Question[], brief: ProjectBrief): BriefValues {
  const values = valuesFromSaved(questions, brief.project_questions.map((a) => ({ ...a, contest_type_question_id: a.project_question_id })));
  const titleQuestion =
    questions.find((q) => q.is_title === 1) ?? questions.find((q) => q.form_field_type_id === TEXT_FIELD && q.title !== BUDGET_QUESTION);
  const descriptionQuestion = questions.find((q) => q.is_description === 1);
  for (const [question, text] of [[titleQuestion, brief.title], [descriptionQuestion, brief.description]] as const) {
    const value = question ? values[question.id] : undefined;
    if (value && value.text === '' && text) value.text = text;
  }
  return values;
}

/** Text questions (the title's type when no question is flagged as the title). */
const TEXT_FIELD = 2;

/**
 * `projects/launch/{projectId}/edit` and `projects/launch/{projectId}/{bidId}/edit` (projects
 * spec, section 2, "Edit Design Brief form"): the owner of a project still taking bids changes
 * its brief and timeline. The budget stays: it is raised through the paid budget increase.
 */
export function ProjectBriefEditPage({ projectId, bidId }: BriefEditPageProps) {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<{ brief: ProjectBrief; questions: Question[] } | null>(null);
  const [values, setValues] = useState<BriefValues>({});
  const [timeline, setTimeline] = useState<TimelineChoice>(NO_TIMELINE);
  const [touched, setTouched] = useState<Record<number, boolean>>({});
  const [fillBrief, setFillBrief] = useState(false);
  const [pending, setPending] = useState(false);
  const fillTimer = useRef<number | undefined>(undefined);
  const back = bidId === null ? '/dashboard' : `/projects/all-projects?projectId=${projectId}&bidId=${bidId}`;

  useEffect(() => {
    let live = true;
    (async () => {
      const brief = await getProjectBrief(projectId);
      const questions = brief.project_category_id == null ? [] : await getQuestions(brief.project_category_id);
      if (!live) return;
      setLoaded({ brief, questions });
      setValues(prefilled(questions, brief));
      setTimeline(timelineOf(brief));
    })().catch((error: unknown) => {
      // A project that is not the caller's, or does not load, leads to the dashboard.
      if (!live) return;
      toast.error(errorMessage(error));
      navigate('/dashboard', { replace: true });
    });
    return () => {
      live = false;
      window.clearTimeout(fillTimer.current);
    };
  }, [projectId, navigate]);

  const questions = useMemo(() => loaded?.questions ?? [], [loaded]);
  const shown = useMemo(() => questions.filter((q) => q.title !== BUDGET_QUESTION), [questions]);
  if (loaded === null) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label={t('loading', { ns: 'common' })} />
      </div>
    );
  }

  const errors: Record<number, string> = {};
  for (const question of shown) {
    const message = validateAnswer(question, values[question.id]);
    if (message) errors[question.id] = message;
  }
  const valid = Object.keys(errors).length === 0 && timelineComplete(timeline);

  async function save() {
    if (!valid || loaded === null) {
      setTouched(Object.fromEntries(shown.map((q) => [q.id, true])));
      setFillBrief(true);
      window.clearTimeout(fillTimer.current);
      fillTimer.current = window.setTimeout(() => setFillBrief(false), FILL_BRIEF_MS);
      return;
    }
    setPending(true);
    const budgetQuestion = questions.find((q) => q.title === BUDGET_QUESTION);
    const answers = toPayload(shown, values);
    if (budgetQuestion && loaded.brief.budget != null) answers.push({ id: budgetQuestion.id, answer: String(loaded.brief.budget) });
    try {
      await updateProjectBrief(projectId, { ...timelinePayload(timeline), budget: loaded.brief.budget, project_questions: answers });
      toast.success(t('edit.updated'));
      navigate(back);
    } catch (error) {
      toast.error(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6" data-testid="brief-edit">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('edit.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('edit.intro', { title: loaded.brief.title })}</p>
      </header>
      <form
        className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
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
        <TimelineCards value={timeline} onChange={setTimeline} error={fillBrief && !timelineComplete(timeline) ? t('timeline.required') : undefined} />
        {loaded.brief.budget != null && <p className="text-sm text-slate-600">{t('edit.budget', { amount: priceDollars(loaded.brief.budget) })}</p>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" disabled={pending} onClick={() => navigate(back)}>
            {t('edit.cancel')}
          </Button>
          <Button type="submit" isLoading={pending} disabled={pending}>
            {t('edit.update')}
          </Button>
        </div>
      </form>
    </div>
  );
}
