import type { ReactNode } from 'react';
import classes from './icon-tooltip.module.css';

export interface IconTooltipProps {
  /** What the tooltip says: the button's accessible name, which already says it to readers. */
  label: string;
  /** The icon button. */
  children: ReactNode;
}

/**
 * The label of a header icon button, shown under it while the mouse is over it or the keyboard
 * is on it, drawn by CSS alone: no code to load, and the button stays the same element. A
 * tooltip loaded on first hover replaced the button while the mouse was on it, and a click begun
 * on the old one was lost (the bell did not open on CI).
 */
export function IconTooltip({ label, children }: IconTooltipProps) {
  return (
    <span className={classes.root} data-tooltip={label}>
      {children}
    </span>
  );
}
