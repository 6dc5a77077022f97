import { ModalFrame, Spinner } from '@rentora/shared';
import {
  $modal,
  $modalIntent,
  closeModal,
  type ModalName,
  type ModalState,
  type RemoteModuleId,
  useStore,
} from '@rentora/state';
import { useEffect, useId } from 'react';
import { loadRemoteModule } from '../../lib/federation/remote-module';
import { RemoteSlot } from '../../lib/federation/remote-slot';
import styles from './modal-outlet.module.css';

const MODAL_MODULES = {
  auth: 'account/AuthModal',
  profile: 'account/ProfileModal',
  book: 'booking/BookRideModal',
} as const satisfies Record<ModalName, RemoteModuleId>;

/** Renders the one remote modal named by the shared `$modal` store, inside an accessible dialog. */
export function ModalOutlet() {
  const modal = useStore($modal);
  const titleId = useId();
  usePreloadOnIntent();
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
          id={MODAL_MODULES.auth}
          props={{ ...common, initialView: modal.view }}
          fallback={fallback}
          what="sign-up and login"
          titleId={titleId}
        />
      );
    case 'profile':
      return (
        <RemoteSlot
          id={MODAL_MODULES.profile}
          props={common}
          fallback={fallback}
          what="your profile"
          titleId={titleId}
        />
      );
    case 'book':
      return (
        <RemoteSlot
          id={MODAL_MODULES.book}
          props={{ ...common, vehicleId: modal.vehicleId }}
          fallback={fallback}
          what="booking"
          titleId={titleId}
        />
      );
  }
}

/** A modal's code starts loading when the reader reaches for its button; a failed load is retried when it opens. */
function usePreloadOnIntent() {
  useEffect(
    () =>
      $modalIntent.subscribe((name) => {
        if (name) loadRemoteModule(MODAL_MODULES[name]).catch(() => undefined);
      }),
    [],
  );
}
