import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { isAbortError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';

import {
  getContest,
  getLengths,
  getPricings,
  getUpgrades,
  hasFreeUpgrades,
  type ContestLength,
  type LaunchContest,
  type Pricing,
  type Upgrade,
} from './api/options';

export interface LaunchData {
  contest: LaunchContest;
  pricings: Pricing[];
  upgrades: Upgrade[];
  lengths: ContestLength[];
  freeUpgrades: boolean;
}

/** The contest and its type's catalogue. */
async function fetchLaunchData(contestId: number, signal?: AbortSignal): Promise<LaunchData> {
  const contest = await getContest(contestId, { signal });
  const typeId = contest.contest_type_id;
  const [pricings, upgrades, lengths, freeUpgrades] = await Promise.all([
    getPricings(typeId, { signal }),
    getUpgrades(typeId, { signal }),
    getLengths(typeId, { signal }),
    hasFreeUpgrades({ signal }),
  ]);
  return { contest, pricings, upgrades, lengths, freeUpgrades };
}

/**
 * The contest and its type's catalogue (packages, upgrades, lengths), for the options and review
 * steps. A contest that does not load, or is not the caller's, leads to the dashboard.
 */
export function useLaunchData(contestId: number) {
  const navigate = useNavigate();
  const [data, setData] = useState<LaunchData | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchLaunchData(contestId, controller.signal)
      .then(setData)
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        toast.error(errorMessage(error));
        navigate('/dashboard', { replace: true });
      });
    return () => controller.abort();
  }, [contestId, navigate]);

  return { data, setData };
}
