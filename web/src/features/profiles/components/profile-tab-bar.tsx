import { useTranslation } from 'react-i18next';

import type { ProfileTab } from '../tabs';

interface ProfileTabBarProps {
  tabs: readonly ProfileTab[];
  tab: ProfileTab;
  /** A tab's label, with its count. */
  labelOf: (key: ProfileTab) => string;
  onSelect: (key: ProfileTab) => void;
}

/** The profile modal's tabs: a dropdown on small screens, a tab list from `sm` up. */
export function ProfileTabBar({ tabs, tab, labelOf, onSelect: select }: ProfileTabBarProps) {
  const { t } = useTranslation('profiles');
  return (
    <div className="border-y border-slate-200 px-5 sm:px-8">
      <label className="block py-3 sm:hidden">
        <span className="sr-only">{t('tabsLabel')}</span>
        <select
          value={tab}
          onChange={(event) => select(event.target.value as ProfileTab)}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          data-testid="profile-tab-select"
        >
          {tabs.map((key) => (
            <option key={key} value={key}>
              {labelOf(key)}
            </option>
          ))}
        </select>
      </label>
      <div role="tablist" aria-label={t('tabsLabel')} className="hidden gap-6 sm:flex">
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => select(key)}
            className={`border-b-2 py-3 text-sm font-semibold ${tab === key ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-500 hover:text-slate-800'}`}
          >
            {labelOf(key)}
          </button>
        ))}
      </div>
    </div>
  );
}
