import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';

/**
 * The one modal dialog primitive: every modal of the client is built on it (`ModalDialog` for the
 * usual title, body and buttons; the profile modal, the entry detail, the invitation form and the
 * launch flow's account gate with their own layout). It is Radix UI's Dialog, which gives what a
 * modal owes its reader: the focus moved in and trapped (Tab cycles inside), Escape closes, the
 * page behind hidden from assistive technology and its scrolling locked, and stacked dialogs
 * handled (Escape closes the top one only). Around it this file adds:
 *
 * - the focus back on the element that opened the dialog, even though our dialogs are rendered
 *   when open rather than opened by a Radix trigger;
 * - closing on the backdrop only (not on a click anywhere outside the panel, which would include
 *   a toast or Stripe's 3-D Secure challenge drawn over the dialog), and only when asked;
 * - overlays other scripts lay over the page while a dialog is open (Stripe.js's 3-D Secure
 *   challenge, appended to `<body>`) stay usable: the trap leaves the focus there and they take
 *   pointer events (Radix turns them off on the rest of the page).
 */

interface DialogProps {
  /**
   * Closes the dialog (Escape, the backdrop). Absent: the dialog cannot be dismissed, only left
   * through its own buttons.
   */
  onClose?: () => void;
  /** Whether a click on the backdrop closes it (with `onClose`); true by default. */
  closeOnBackdrop?: boolean;
  /**
   * The dialog's name for screen readers when it shows no `DialogTitle` of its own (its visible
   * heading says more, or nothing): a hidden title. Without it, the children must hold a `DialogTitle`.
   */
  label?: string;
  /** The backdrop: a fixed layer over the page that also lays the panel out (and scrolls it). */
  overlayClassName: string;
  /** The panel. */
  className?: string;
  /** On the backdrop, for tests and journeys that find the dialog by it. */
  overlayTestId?: string;
  /** The panel is the single child element (a `<form>`, say), which gets the dialog's role and props. */
  asChild?: boolean;
  children: ReactNode;
}

/** Elements another script put straight under `<body>`: not the app, not one of our dialogs. */
function isForeignOverlay(node: EventTarget | null): boolean {
  if (!(node instanceof Node) || !document.body.contains(node) || node === document.body) return false;
  let top: Node = node;
  while (top.parentNode !== null && top.parentNode !== document.body) top = top.parentNode;
  return top instanceof Element && !top.matches('#root, [data-dialog-overlay]');
}

/** While a dialog is open, see `isForeignOverlay`: such overlays keep the focus and the pointer. */
function useForeignOverlaysStayUsable() {
  useEffect(() => {
    // Before Radix's own listeners on `document`: the focus trap would pull the focus back.
    const letFocusIn = (event: FocusEvent) => {
      if (isForeignOverlay(event.target)) event.stopImmediatePropagation();
    };
    const letFocusOut = (event: FocusEvent) => {
      if (isForeignOverlay(event.relatedTarget)) event.stopImmediatePropagation();
    };
    window.addEventListener('focusin', letFocusIn, true);
    window.addEventListener('focusout', letFocusOut, true);
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const added of mutation.addedNodes) {
          if (added instanceof HTMLElement && isForeignOverlay(added) && added.style.pointerEvents === '') added.style.pointerEvents = 'auto';
        }
      }
    });
    observer.observe(document.body, { childList: true });
    return () => {
      window.removeEventListener('focusin', letFocusIn, true);
      window.removeEventListener('focusout', letFocusOut, true);
      observer.disconnect();
    };
  }, []);
}

/** A modal dialog, open while rendered. */
export function Dialog({ onClose, closeOnBackdrop = true, label, overlayClassName, className, overlayTestId, asChild = false, children }: DialogProps) {
  // What had the focus when the dialog was first rendered: where it goes back on closing.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  const overlay = useRef<HTMLDivElement>(null);
  useForeignOverlaysStayUsable();
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose?.()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay ref={overlay} className={overlayClassName} data-dialog-overlay="" data-testid={overlayTestId}>
          <RadixDialog.Content
            asChild={asChild}
            className={className}
            aria-describedby={undefined}
            onEscapeKeyDown={(event) => {
              if (!onClose) event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              if (!onClose || !closeOnBackdrop || event.detail.originalEvent.target !== overlay.current) event.preventDefault();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
            }}
          >
            {asChild ? (
              children
            ) : (
              <>
                {label !== undefined && <RadixDialog.Title className="sr-only">{label}</RadixDialog.Title>}
                {children}
              </>
            )}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The heading that names its dialog (`aria-labelledby`); an `<h2>`. */
export function DialogTitle(props: ComponentPropsWithoutRef<'h2'>) {
  return <RadixDialog.Title {...props} />;
}
