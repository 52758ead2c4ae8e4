import { lazy, Suspense, useRef } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-modal.tsx';

const ConfirmDialogModal = lazy(async () => ({
  default: (await import('./confirm-dialog-modal.tsx')).ConfirmDialogModal,
}));

/**
 * The tables' confirm dialog: the product's question with CANCEL and YES. Its Modal (Mantine's overlay
 * components, lib-ui-overlays) loads when it first opens, not with the screen: the project page's first
 * paint does not wait for it (docs/adr/0029). Once opened it stays mounted, so closing keeps its transition.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useRef(false);
  if (props.opened) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
