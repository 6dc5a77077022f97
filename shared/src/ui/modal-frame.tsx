import { useRef, type ReactNode } from 'react';
import { CloseIcon, IconButton } from './icon-button';
import styles from './modal-frame.module.css';
import { useModalBehaviour } from './use-modal-behaviour';

export interface ModalFrameProps {
  /** id of the heading inside `children` that names the dialog. */
  titleId: string;
  onClose: () => void;
  /** `wide` for a form of many fields, laid out in columns on a wide screen; a phone gets the full width either way. */
  width?: 'standard' | 'wide';
  children: ReactNode;
}

/**
 * An accessible modal dialog: labelled by its title, focus moved in and kept in, Escape and a
 * backdrop click close it, page scroll is locked while open, and focus returns to the opener.
 */
export function ModalFrame({ titleId, onClose, width = 'standard', children }: ModalFrameProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalBehaviour(dialogRef, onClose);

  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={width === 'wide' ? `${styles.dialog} ${styles.wide}` : styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <IconButton label="Close" className={styles.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
        {children}
      </div>
    </div>
  );
}
