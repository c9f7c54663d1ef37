import { useCallback, useRef, useState } from 'react';

/**
 * A menu mounted on its button's first use (the header's language menu, a table row's "more
 * actions"): until then a plain button with the same look and name stands in for it. When the
 * menu arrives with `openOnArrival`, its own button takes the focus and the menu opens, so that
 * closing it returns the focus there, as with any menu. Returns the menu's `opened` state, its
 * setter and the ref for the menu's button.
 */
export function useOpenOnArrival(openOnArrival: boolean) {
  const [opened, setOpened] = useState(false);
  const pending = useRef(openOnArrival);
  const buttonRef = useCallback((element: HTMLButtonElement | null) => {
    if (!element || !pending.current) return;
    pending.current = false;
    element.focus();
    setOpened(true);
  }, []);
  return { opened, setOpened, buttonRef };
}
