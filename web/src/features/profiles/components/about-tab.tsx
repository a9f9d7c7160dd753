import { useTranslation } from 'react-i18next';

import type { Profile } from '../api/profiles';

/** About: the about-self text, country, member-since year, Experience counts and Qualifications. */
export function AboutTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const qualifications = Object.entries(profile.qualifications ?? {});
  const experience = [
    { key: 'about.contestsWon', value: profile.won_contests_count ?? 0 },
    { key: 'about.entriesSubmitted', value: profile.entries_count ?? 0 },
    { key: 'about.repeatClients', value: profile.repeat_client_count ?? 0 },
  ];
  return (
    <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
      <div className="space-y-4">
        {profile.detail.about_self ? (
          <p className="whitespace-pre-wrap text-slate-700" data-testid="about-self">
            {profile.detail.about_self}
          </p>
        ) : (
          <p className="text-slate-500">{t('about.nothing')}</p>
        )}
        {qualifications.length > 0 && (
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('about.qualifications')}</h3>
            <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {qualifications.map(([key, value]) => (
                <div key={key} className="flex justify-between gap-4 px-3 py-2 text-sm">
                  <dt className="text-slate-500">{key}</dt>
                  <dd className="text-right text-slate-800">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
      <aside className="space-y-4 rounded-xl bg-slate-50 p-4 text-sm">
        {profile.country && (
          <p>
            <span className="block text-xs text-slate-500">{t('about.country')}</span>
            {profile.country.name}
          </p>
        )}
        <p>
          <span className="block text-xs text-slate-500">{t('about.memberSince')}</span>
          {new Date(profile.created_at).getFullYear()}
        </p>
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('about.experience')}</h3>
          <ul className="space-y-1">
            {experience.map((row) => (
              <li key={row.key} className="flex justify-between">
                <span>{t(row.key)}</span>
                <span className="font-semibold tabular-nums" data-testid={row.key}>
                  {row.value}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </aside>
    </div>
  );
}
