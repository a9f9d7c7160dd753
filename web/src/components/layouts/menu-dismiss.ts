import { useRef, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * How a header menu closes without a click on its button: Escape closes it and gives the
 * focus back to the button; tabbing (or clicking) out of the button and its panel closes it.
 * Spread `onKeyDown` and `onBlur` on the element holding both; put `button` on the button.
 */
export function useMenuDismiss(open: boolean, setOpen: (open: boolean) => void) {
  const button = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  return { button, onKeyDown, onBlur };
}
