import { useEffect, useRef, type ReactNode } from 'react';

interface BadgeDropdownProps {
  /** The header icon (decorative: the button is named by `label`). */
  icon: ReactNode;
  /** The button's accessible name. */
  label: string;
  /** The badge text ('9+' above 9), none when there is nothing to count. */
  badge: string | null;
  badgeTone: 'indigo' | 'rose';
  badgeTestId: string;
  buttonTestId?: string;
  /**
   * Whether the panel is unfolded: the caller's state, so that opening it renders the caller
   * again and the panel shows the caller's current data (a valtio snapshot read only inside a
   * child would go stale).
   */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel. */
  children: ReactNode;
}

const TONES = { indigo: 'bg-indigo-600', rose: 'bg-rose-600' } as const;

/**
 * A header icon with a count badge that unfolds a panel (the notification bell, the cart): a
 * click outside folds it; on phones the panel spans the screen under the header.
 */
export function BadgeDropdown({ icon, label, badge, badgeTone, badgeTestId, buttonTestId, open, onOpenChange, children }: BadgeDropdownProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open, onOpenChange]);

  return (
    <div className="relative" ref={container}>
      <button
        type="button"
        onClick={() => onOpenChange(!open)}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={label}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        data-testid={buttonTestId}
      >
        {icon}
        {badge && (
          <span
            data-testid={badgeTestId}
            className={`absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[11px] font-bold text-white ring-2 ring-white ${TONES[badgeTone]}`}
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div className="fixed inset-x-2 top-14 z-30 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80">
          {children}
        </div>
      )}
    </div>
  );
}
