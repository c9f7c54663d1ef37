import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';
import type { ConfirmDialogModalProps } from './confirm-dialog-modal';

// The modal's code (Mantine's Modal) loads when a dialog first opens, not with the page.
const ConfirmDialogModal = lazy(() =>
  import('./confirm-dialog-modal').then((module) => ({ default: module.ConfirmDialogModal })),
);

export type ConfirmDialogProps = ConfirmDialogModalProps;

/**
 * A small confirmation dialog for destructive actions (focus trapped, Esc cancels), rendered
 * from its first opening on (issue 21: each screen ships only what it shows).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const openedOnce = useOpenedOnce(props.opened);
  if (!openedOnce) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
