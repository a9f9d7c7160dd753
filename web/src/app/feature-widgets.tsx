/**
 * The widgets one feature's page shows from another feature, wired here so that features never
 * import each other (the slots and their props: src/lib/feature-widgets.ts). The root route
 * provides them to every page (src/app/routes/root-frame.tsx).
 */
import type { ReactNode } from 'react';

import { TipButton } from '@/features/cart/components/tip-modal';
import { AdminNotes, ContestDescription, WorkroomBrief } from '@/features/docs/panels';
import { ForSaleTab } from '@/features/marketplace/components/for-sale-tab';
import { InviteModal } from '@/features/messages/components/invite-modal';
import { FeatureWidgetsProvider, type FeatureWidgets } from '@/lib/feature-widgets';
import { lazyComponent } from '@/lib/lazy-page';

// The feedback questions open after a contest or project ends, on pages whose code loads when
// first opened: the dialog's code loads when it first shows (nothing shows meanwhile), as it did
// when those pages imported it, instead of joining the first page's bundle.
const FeedbackDialog = lazyComponent(() => import('@/features/feedback/components/feedback-dialog').then((m) => m.FeedbackDialog), null);

/** Which feature fills each slot. */
const featureWidgets: FeatureWidgets = {
  ContestDescription,
  AdminNotes,
  WorkroomBrief,
  FeedbackDialog,
  TipButton,
  InviteModal,
  DesignerForSale: ForSaleTab,
};

/** Every slot filled, for what is below (the root route, and tests that render a page whole). */
export function FeatureWidgetsRoot({ children }: { children: ReactNode }) {
  return <FeatureWidgetsProvider value={featureWidgets}>{children}</FeatureWidgetsProvider>;
}
