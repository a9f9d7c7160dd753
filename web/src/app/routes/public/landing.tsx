import { PublicLayout } from '@/components/layouts/public-layout';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const LandingPage = lazyComponent(() => import('@/features/landing/components/landing-page').then((m) => m.LandingPage));

/** `/` for visitors (its loader sends signed-in users to the dashboard). */
export function LandingRoute() {
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
