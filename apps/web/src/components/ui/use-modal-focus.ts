import { useCallback, useRef } from 'react';
import { holdFocus } from '../../lib/modal-focus';

/**
 * A ref for a dialog's element: while it is mounted, focus is held inside it (lib/modal-focus.ts),
 * Escape calls `onClose`, and the opener gets the focus back when it unmounts. `initialSelector`
 * names the element inside that takes the focus first.
 */
export function useModalFocus<T extends HTMLElement>(onClose: () => void, initialSelector?: string) {
  const close = useRef(onClose);
  close.current = onClose;
  return useCallback(
    (element: T | null) => {
      if (!element) return;
      const initial = initialSelector ? element.querySelector<HTMLElement>(initialSelector) : null;
      return holdFocus(element, { onEscape: () => close.current(), initial });
    },
    [initialSelector],
  );
}
