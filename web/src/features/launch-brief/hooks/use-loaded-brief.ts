import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { getContestType, getContestTypeBySlug, getQuestions } from '@/lib/api/catalogue';
import { isAbortError } from '@/lib/api-client';
import { applyDraft, initialValues, valuesFromSaved, type BriefValues } from '@/lib/brief-rules';
import { errorMessage } from '@/lib/error-messages';
import { isClient } from '@/lib/roles';
import { toast } from '@/lib/toast';
import type { ContestType, Question, User } from '@/types/api';

import { getBrief } from '../api/brief';
import type { Category } from '../launch-choices';
import type { LaunchBriefTarget } from '../components/launch-brief-page';

export interface LoadedBrief {
  type: ContestType;
  questions: Question[];
}

/**
 * The brief's contest type and questions, and the answers: a launch starts from the draft kept
 * in local storage, an edit from the contest's saved answers. A signed-in non-client, an unknown
 * type (to the login page) or a contest that is not the caller's leads away.
 */
export function useLoadedBrief(target: LaunchBriefTarget, user: Pick<User, 'user_type_id'> | null, category: Category) {
  const { t } = useTranslation('launch-brief');
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<LoadedBrief | null>(null);
  const [values, setValues] = useState<BriefValues>({});
  const targetKey = target.mode === 'edit' ? `edit:${target.contestId}` : `launch:${target.slug}`;

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

  return { loaded, values, setValues };
}
