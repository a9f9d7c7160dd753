import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '@/testing/render';

import type { LaunchContest, Upgrade } from '../api/options';
import type { LaunchData } from '../use-launch-data';
import { StartSubscriptionModal } from './start-subscription-modal';

const featured: Upgrade = {
  id: 1,
  name: 'Featured',
  description: 'Pinned to the top of the contest list.',
  amount: 49,
  is_highlighted: 0,
  is_featured: 1,
  is_private: 0,
  is_blind: 0,
  is_notified_via_email: 0,
  is_rush: 0,
  is_featured_blog_post: 0,
  is_recommended: 0,
};

function launchData(freeUpgrades: boolean): LaunchData {
  const contest = { id: 7, contest_type_id: 1, is_featured: 0, is_private: 0, is_blind: 0, is_notified_via_email: 0, is_featured_blog_post: 0, contest_type_length_id: null, detail: { is_highlighted: 0 } } as unknown as LaunchContest;
  return {
    contest,
    pricings: [],
    upgrades: [featured],
    lengths: [
      { id: 1, name: '1 week', days: 7, amount: 0, is_rush: 0 },
      { id: 2, name: '5 days', days: 5, amount: 19, is_rush: 0 },
    ],
    freeUpgrades,
  };
}

function open(freeUpgrades: boolean, lengthId: number | null) {
  const element = <StartSubscriptionModal data={launchData(freeUpgrades)} pricingId={30} lengthId={lengthId} onClose={() => {}} />;
  renderRoutes([{ path: '/', element }], '/');
}

const launchButton = () => screen.getByRole('button', { name: 'Launch Contest' });

describe('StartSubscriptionModal', () => {
  it('starts the package for free but holds a paid upgrade back, with its price', async () => {
    open(false, null);
    expect(launchButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByTestId('free-start-extras')).toHaveTextContent('$49');
    expect(launchButton()).toBeDisabled();
  });

  it('lets the $49 plan add upgrades for free', async () => {
    open(true, null);
    await userEvent.click(screen.getByRole('checkbox'));
    expect(screen.queryByTestId('free-start-extras')).toBeNull();
    expect(launchButton()).toBeEnabled();
  });

  it('holds a paid length back even with the plan', () => {
    open(true, 2);
    expect(screen.getByTestId('free-start-extras')).toHaveTextContent('$19');
    expect(launchButton()).toBeDisabled();
  });
});
