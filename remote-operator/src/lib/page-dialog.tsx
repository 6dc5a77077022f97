import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ModalFrame, type ModalFrameProps } from '@rentora/shared';

export interface PageDialogProps {
  /** id of the heading inside `children` that names the dialog. */
  titleId: string;
  onClose: () => void;
  width?: ModalFrameProps['width'];
  children: ReactNode;
}

/**
 * The site's modal dialog, opened by a page. A page renders inside the host's main area, whose
 * stacking sits under the sticky header: the dialog is moved to the end of the body, as the host's
 * modal outlet is, so it covers the whole page.
 */
export function PageDialog({ titleId, onClose, width, children }: PageDialogProps) {
  return createPortal(
    <ModalFrame titleId={titleId} onClose={onClose} width={width}>
      {children}
    </ModalFrame>,
    document.body,
  );
}
