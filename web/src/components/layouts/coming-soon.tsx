import { useTranslation } from 'react-i18next';

/** Stand-in for a page of the shell that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{t('comingSoon')}</p>
    </section>
  );
}
