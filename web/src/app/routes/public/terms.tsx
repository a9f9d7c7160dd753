import { PublicLayout } from '@/components/layouts/public-layout';
import { lazyComponent } from '@/lib/lazy-page';

const TermsPage = lazyComponent(() => import('@/features/landing/components/terms-page').then((m) => m.TermsPage));

/** `/terms-conditions`: the terms, for visitors and members alike. */
export function TermsRoute() {
  return (
    <PublicLayout>
      <TermsPage />
    </PublicLayout>
  );
}
