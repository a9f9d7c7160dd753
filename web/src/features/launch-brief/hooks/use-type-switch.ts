import { useState } from 'react';
import { useNavigate } from 'react-router';

import { getContestTypes } from '@/lib/api/catalogue';
import { saveDraft, type BriefValues } from '@/lib/brief-rules';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import type { ContestType } from '@/types/api';

import { categoryParam, needsLogoWarning, type Category } from '../launch-choices';
import type { LoadedBrief } from './use-loaded-brief';

/**
 * Step 1 from the brief: the step shown, the contest types (loaded when step 1 is first opened),
 * the category whose types are listed, and the switch to another type or category, warned first
 * when a logo brief's answers would not all travel.
 */
export function useTypeSwitch(loaded: LoadedBrief | null, values: BriefValues, category: Category) {
  const navigate = useNavigate();
  const [step, setStep] = useState(2);
  const [types, setTypes] = useState<ContestType[] | null>(null);
  const [warnType, setWarnType] = useState<ContestType | null>(null);
  const [switcherCategory, setSwitcherCategory] = useState<Category>(category);

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
    if (loaded === null) return;
    setWarnType(null);
    setStep(2);
    saveDraft(loaded.questions, values);
    if (option.id !== loaded.type.id || nextCategory !== category) {
      navigate(`/contests/${option.launch_brief_slug}/launch${categoryParam(nextCategory)}`);
    }
  }

  function pickType(option: ContestType) {
    if (loaded === null) return;
    if (needsLogoWarning(loaded.type.id, loaded.questions, values) && (option.id !== loaded.type.id || switcherCategory !== category)) {
      setWarnType(option);
      return;
    }
    switchTo(option, switcherCategory);
  }

  /** The warning cancelled: the switcher goes back to the default category. */
  function cancelWarning() {
    setWarnType(null);
    setSwitcherCategory('normal');
  }

  return { step, types, goToStep, warnType, switcherCategory, setSwitcherCategory, switchTo, pickType, cancelWarning };
}
