import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { LanguageChoice } from './language-choice';

interface AuthLayoutProps {
  title: string;
  /** Wide for the sign-up form's two columns. */
  wide?: boolean;
  children: ReactNode;
}

/** The signed-out screens: a centred card under the brand. */
export function AuthLayout({ title, wide = false, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col items-center px-4 py-12">
      <Link to="/" className="mb-8 text-2xl font-bold tracking-tight text-indigo-600">
        Vitrine
      </Link>
      <main
        className={`w-full rounded-lg border border-slate-200 bg-white p-6 shadow-sm ${wide ? 'max-w-2xl' : 'max-w-md'}`}
      >
        <h1 className="mb-6 text-xl font-semibold">{title}</h1>
        {children}
      </main>
      <LanguageChoice className="mt-4" />
    </div>
  );
}
