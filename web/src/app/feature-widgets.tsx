/**
 * The widgets one feature's page shows from another feature, wired here so that features never
 * import each other (the slots and their props: src/lib/feature-widgets.ts). The root route
 * provides them to every page (src/app/routes/root-frame.tsx).
 */
import type { ReactNode } from 'react';

import { AdminNotes, ContestDescription, WorkroomBrief } from '@/features/docs/panels';
import { ForSaleTab } from '@/features/marketplace/components/for-sale-tab';
import { InviteModal } from '@/features/messages/components/invite-modal';
import { FeatureWidgetsProvider, type FeatureWidgets } from '@/lib/feature-widgets';
import { lazyComponent } from '@/lib/lazy-page';

import { loadFeedbackDialog, loadSellEntry, loadTipButton } from './widget-loaders';

// The tip button, the feedback questions and "Sell this design" show on pages whose code loads
// when first opened: theirs loads with those pages (see widget-loaders.ts) instead of joining the
// first page's bundle; nothing shows in their place meanwhile. The docs panels are small (their editor loads
// on first use), and the profile modal's For Sale tab and invitation were in the first bundle
// already (the header holds the modal).
const TipButton = lazyComponent(loadTipButton, null);
const FeedbackDialog = lazyComponent(loadFeedbackDialog, null);
const SellEntry = lazyComponent(loadSellEntry, null);

/** Which feature fills each slot. */
const featureWidgets: FeatureWidgets = {
  ContestDescription,
  AdminNotes,
  WorkroomBrief,
  FeedbackDialog,
  TipButton,
  InviteModal,
  DesignerForSale: ForSaleTab,
  SellEntry,
};

/** Every slot filled, for what is below (the root route, and tests that render a page whole). */
export function FeatureWidgetsRoot({ children }: { children: ReactNode }) {
  return <FeatureWidgetsProvider value={featureWidgets}>{children}</FeatureWidgetsProvider>;
}
