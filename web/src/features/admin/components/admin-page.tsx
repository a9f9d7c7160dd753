import type { ReactNode } from 'react';

interface AdminPageProps {
  title: string;
  /** One line under the title: what the page is for. */
  intro?: string;
  /** How many rows the list holds in all. */
  total?: number;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  /** Filters between the title and the list. */
  filters?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin page: title, count, intro, actions, filters, then the content. */
export function AdminPage({ title, intro, total, actions, filters, children }: AdminPageProps) {
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
            {title}
            {total !== undefined && (
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-600" data-testid="admin-total">
                {total}
              </span>
            )}
          </h1>
          {intro && <p className="mt-1 text-sm text-slate-500">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {filters && <div className="flex flex-wrap items-end gap-3">{filters}</div>}
      {children}
    </div>
  );
}
