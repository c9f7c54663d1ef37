import { useState } from 'react';

/**
 * Whether a dialog has been opened at least once. A dialog whose code loads on first use
 * (`lazy`, issue 21: each screen ships only what it shows) is rendered from then on, so it
 * closes with its transition and opens again at once.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}
