/**
 * The code of the slot widgets that load on first use (src/app/feature-widgets.tsx). A page that
 * shows one starts its load with its own (the contest route), so it is there as soon as it was
 * when the page imported it; a module is fetched once however often it is asked for.
 */
export const loadTipButton = () => import('@/features/cart/components/tip-modal').then((m) => m.TipButton);
export const loadFeedbackDialog = () => import('@/features/feedback/components/feedback-dialog').then((m) => m.FeedbackDialog);
export const loadSellEntry = () => import('@/features/marketplace/components/sell-entry').then((m) => m.SellEntry);
