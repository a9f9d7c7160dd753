import type { Dispatch, SetStateAction } from 'react';

import type { Upgrade } from '../api/options';
import { UpgradeOption } from './upgrade-option';

interface UpgradeListProps {
  upgrades: Upgrade[];
  /** Already on the contest: checked, disabled, never chosen again. */
  onContest: number[];
  chosen: number[];
  setChosen: Dispatch<SetStateAction<number[]>>;
  freeUpgrades: boolean;
}

/** Upgrades to add to a contest (the start-subscription modal, after launch). */
export function UpgradeList({ upgrades, onContest, chosen, setChosen, freeUpgrades }: UpgradeListProps) {
  return (
    <div className="space-y-2">
      {upgrades.map((upgrade) => {
        const already = onContest.includes(upgrade.id);
        return (
          <UpgradeOption
            key={upgrade.id}
            upgrade={upgrade}
            checked={already || chosen.includes(upgrade.id)}
            disabled={already}
            freeUpgrades={freeUpgrades}
            onChange={(on) => setChosen((current) => (on ? [...current, upgrade.id] : current.filter((id) => id !== upgrade.id)))}
          />
        );
      })}
    </div>
  );
}
