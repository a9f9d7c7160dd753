import type { ContestList } from '@/features/dashboard/api/get-contest-lists';
import { lazyComponent } from '@/lib/lazy-page';

// Each page's code loads when the page is first opened (see lazyComponent).
const ContestListSection = lazyComponent(() => import('@/features/dashboard/components/contest-list').then((m) => m.ContestListSection));

/** One of the header's contest pages (see `contest-list-pages.ts`). */
export function ContestListRoute({ list }: { list: ContestList }) {
  return (
    <div className="mx-auto max-w-4xl">
      <ContestListSection key={list} list={list} paged />
    </div>
  );
}
