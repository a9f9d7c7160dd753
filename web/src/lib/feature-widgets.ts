/**
 * Slots through which one feature's page shows another feature's widget without importing it.
 *
 * Features never import each other (ESLint refuses it, see eslint.config.js). When a page embeds
 * a widget another feature owns (the contest page's live description, the workroom's feedback
 * questions, an entry's tip button...), it renders it by name with `<FeatureWidget slot=...>`,
 * and the app layer fills the slots (`src/app/feature-widgets.tsx`, provided in the root route).
 * The props of each slot are declared here, so both sides are type-checked against one contract.
 * A slot nobody filled (a feature's own unit test) renders nothing.
 */
import { createContext, createElement, useContext, type ComponentType } from 'react';

/** Who is writing in a collaborative editor. */
export interface EditorPerson {
  id: number;
  username: string;
}

export interface ContestDescriptionProps {
  contestId: number;
  description: string | null;
  canEdit: boolean;
  user: EditorPerson;
}

export interface AdminNotesProps {
  entity: 'contest' | 'project' | 'user';
  id: number;
  user: EditorPerson;
}

export interface WorkroomBriefProps {
  projectId: number;
  user: EditorPerson;
}

/** The contest's winner, when the holder is asked to rate it with the feedback questions. */
export interface FeedbackWinnerSlot {
  number: number;
  designer: string;
  /** The stars already given, 0 for none. */
  rating: number;
  /** Saves the holder's stars on the winning entry (PATCH .../ratings). */
  rate: (rating: number) => Promise<void>;
}

export interface FeedbackDialogProps {
  target: { kind: 'contest' | 'project'; id: number };
  winner?: FeedbackWinnerSlot;
  onClose: () => void;
}

export interface TipButtonProps {
  target: { contestId: number; entryId: number; entryNumber: number; username: string };
}

export interface InviteModalProps {
  username: string;
  name: string;
  onClose: () => void;
}

export interface DesignerForSaleProps {
  userId: number;
  /** Null for a visitor who is not signed in (they see the tab, not its live removals). */
  viewerId: number | null;
  canBuy: boolean;
  /** The count in the tab's label follows what is still for sale. */
  onCount: (count: number) => void;
}

export interface SellEntryProps {
  /** The viewer's own entry of a finished contest that did not win (and was not withdrawn). */
  entry: { id: number; number: number; title: string | null; imagePath: string | null };
  /** What the listing is called when the entry has no title of its own. */
  contestTitle: string | null;
}

/** Every slot and its props: which feature fills it is the app's business (src/app/feature-widgets.tsx). */
export interface FeatureWidgetProps {
  /** docs: the contest's description, edited live by its owner (contest page). */
  ContestDescription: ContestDescriptionProps;
  /** docs: admins' notes on a contest (contest page). */
  AdminNotes: AdminNotesProps;
  /** docs: the working brief of a project's workroom (workroom page). */
  WorkroomBrief: WorkroomBriefProps;
  /** feedback: the feedback questions after a contest or project (contest and workroom pages). */
  FeedbackDialog: FeedbackDialogProps;
  /** cart: "Add tip" on an entry, for the contest's holder (entry detail). */
  TipButton: TipButtonProps;
  /** messages: the contest invitation modal (designer profile modal). */
  InviteModal: InviteModalProps;
  /** marketplace: the designer's entries for sale (designer profile modal, For Sale tab). */
  DesignerForSale: DesignerForSaleProps;
  /** marketplace: listing the designer's entry for sale, or its listing's state (entry detail). */
  SellEntry: SellEntryProps;
}

export type SlotName = keyof FeatureWidgetProps;

/** The component filling each slot. */
export type FeatureWidgets = { [K in SlotName]: ComponentType<FeatureWidgetProps[K]> };

const FeatureWidgetsContext = createContext<Partial<FeatureWidgets>>({});

/** Fills the slots for everything below it (the app's root route). */
export const FeatureWidgetsProvider = FeatureWidgetsContext.Provider;

/**
 * The widget filling a slot, given the rest as its props:
 * `<FeatureWidget slot="FeedbackDialog" target={...} onClose={...} />`. Nothing when no one filled it.
 */
export function FeatureWidget<K extends SlotName>({ slot, ...props }: { slot: K } & FeatureWidgetProps[K]) {
  const widget = useContext(FeatureWidgetsContext)[slot] as ComponentType<object> | undefined;
  return widget ? createElement(widget, props) : null;
}
