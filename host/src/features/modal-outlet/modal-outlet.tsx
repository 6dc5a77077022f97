import { useStore } from '@nanostores/react';
import { ModalFrame, Spinner } from '@rentora/shared';
import { $modal, closeModal, type ModalState } from '@rentora/state';
import { useId } from 'react';
import { RemoteSlot } from '../../lib/federation/remote-slot';
import styles from './modal-outlet.module.css';

/** Renders the one remote modal named by the shared `$modal` store, inside an accessible dialog. */
export function ModalOutlet() {
  const modal = useStore($modal);
  const titleId = useId();
  if (!modal) return null;
  return (
    <ModalFrame key={modal.name} titleId={titleId} onClose={closeModal}>
      <ModalContent modal={modal} titleId={titleId} />
    </ModalFrame>
  );
}

function ModalContent({ modal, titleId }: { modal: ModalState; titleId: string }) {
  const fallback = (
    <div className={styles.loading} role="status" aria-labelledby={titleId}>
      <Spinner />
      <span id={titleId}>Loading…</span>
    </div>
  );
  const common = { titleId, onClose: closeModal };
  switch (modal.name) {
    case 'auth':
      return (
        <RemoteSlot
          id="account/AuthModal"
          props={{ ...common, initialView: modal.view }}
          fallback={fallback}
          what="sign-up and login"
          titleId={titleId}
        />
      );
    case 'profile':
      return (
        <RemoteSlot
          id="account/ProfileModal"
          props={common}
          fallback={fallback}
          what="your profile"
          titleId={titleId}
        />
      );
    case 'book':
      return (
        <RemoteSlot
          id="booking/BookRideModal"
          props={{ ...common, vehicleId: modal.vehicleId }}
          fallback={fallback}
          what="booking"
          titleId={titleId}
        />
      );
  }
}
