import { useTranslation } from 'react-i18next';

import type { Upgrade } from '../api/options';
import { upgradePrice } from '../pricing';
import { catalogueText } from '@/lib/catalogue';
import { priceDollars } from '@/lib/money';

interface UpgradeOptionProps {
  upgrade: Upgrade;
  checked: boolean;
  /** Already on the contest: shown checked and cannot be chosen again. */
  disabled: boolean;
  freeUpgrades: boolean;
  onChange: (checked: boolean) => void;
}

/** One upgrade checkbox: name, price (catalogue price struck through when free), 'recommended', description. */
export function UpgradeOption({ upgrade, checked, disabled, freeUpgrades, onChange }: UpgradeOptionProps) {
  const { t } = useTranslation('contest-options');
  const price = upgradePrice(upgrade, freeUpgrades);
  return (
    <label
      className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-70' : checked ? 'cursor-pointer border-indigo-600 bg-indigo-50' : 'cursor-pointer border-slate-200 hover:border-slate-300'}`}
      data-testid={`upgrade-${upgrade.id}`}
    >
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 text-indigo-600"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{catalogueText(upgrade.name)}</span>
          {upgrade.is_recommended === 1 && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('recommended')}</span>
          )}
          {disabled && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-700">{t('alreadyOn')}</span>}
        </span>
        <span className="mt-1 block text-slate-600">{catalogueText(upgrade.description)}</span>
      </span>
      <span className="shrink-0 text-right">
        {price.struck !== null && <s className="block text-xs text-slate-600">{priceDollars(price.struck)}</s>}
        <span className="font-semibold text-slate-900">{price.amount === 0 ? t('free') : priceDollars(price.amount)}</span>
      </span>
    </label>
  );
}
