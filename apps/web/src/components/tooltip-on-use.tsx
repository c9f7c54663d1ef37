import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement } from 'react';

const Tooltip = lazy(() => import('./tooltip').then((module) => ({ default: module.Tooltip })));

type Hoverable = ReactElement<{
  onMouseEnter?: (event: MouseEvent) => void;
  onMouseLeave?: (event: MouseEvent) => void;
}>;

export interface TooltipOnUseProps {
  /** What the tooltip says (the target's accessible name already says it too). */
  label: string;
  /** The target: one element that takes mouse events. */
  children: Hoverable;
}

/**
 * A tooltip shown while the mouse is over `children`, as Mantine's `Tooltip` shows it, whose
 * code (popover, portal, transition and positioning) loads the first time the mouse is there:
 * the header's icon buttons kept it in every portal page's shared download (issue 21 point 6).
 */
export function TooltipOnUse({ label, children }: TooltipOnUseProps) {
  const [used, setUsed] = useState(false);
  const [hovered, setHovered] = useState(false);
  const target = cloneElement(children, {
    onMouseEnter: (event: MouseEvent) => {
      children.props.onMouseEnter?.(event);
      setUsed(true);
      setHovered(true);
    },
    onMouseLeave: (event: MouseEvent) => {
      children.props.onMouseLeave?.(event);
      setHovered(false);
    },
  });
  if (!used) return target;
  return (
    <Suspense fallback={target}>
      <Tooltip label={label} opened={hovered}>
        {target}
      </Tooltip>
    </Suspense>
  );
}
