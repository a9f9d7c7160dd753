import { ContestListSection } from '@/features/dashboard/components/contest-list';
import type { ContestList } from '@/features/dashboard/api/get-contest-lists';

/** One of the header's contest pages (see `contest-list-pages.ts`). */
export function ContestListRoute({ list }: { list: ContestList }) {
  return (
    <div className="mx-auto max-w-4xl">
      <ContestListSection key={list} list={list} paged />
    </div>
  );
}
