import { ModalFrame, Spinner } from '@rentora/shared';
import {
  $modal,
  $modalIntent,
  closeModal,
  modalPropsOf,
  moduleIdOf,
  useStore,
  type ModalName,
  type ModalState,
  type SiteTable,
} from '@rentora/state';
import { useContext, useEffect, useId } from 'react';
import { loadRemoteModule } from '../../lib/federation/remote-module';
import { RemoteErrorPanel } from '../../lib/federation/remote-error-panel';
import { RemoteSlot } from '../../lib/federation/remote-slot';
import { SiteContext } from '../../lib/site-context';
import styles from './modal-outlet.module.css';

/** The remote that renders a modal, as the remotes' page tables say. */
const modalOf = (table: SiteTable, name: ModalName) => table.modals.find((modal) => modal.name === name);

/** Renders the one remote modal named by the shared `$modal` store, inside an accessible dialog. */
export function ModalOutlet() {
  const modal = useStore($modal);
  const titleId = useId();
  const { table } = useContext(SiteContext);
  usePreloadOnIntent(table);
  if (!modal) return null;
  return (
    <ModalFrame key={modal.name} titleId={titleId} onClose={closeModal}>
      <ModalContent modal={modal} titleId={titleId} table={table} />
    </ModalFrame>
  );
}

function ModalContent({ modal, titleId, table }: { modal: ModalState; titleId: string; table: SiteTable }) {
  const owner = modalOf(table, modal.name);
  // No remote renders it (none declares it, or its table could not be read): the page says so.
  if (!owner) return <RemoteErrorPanel what="this" titleId={titleId} onRetry={() => window.location.reload()} />;
  return (
    <RemoteSlot
      id={moduleIdOf(owner)}
      props={modalPropsOf(modal, { titleId, onClose: closeModal })}
      fallback={
        <div className={styles.loading} role="status" aria-labelledby={titleId}>
          <Spinner />
          <span id={titleId}>Loading…</span>
        </div>
      }
      what={owner.what}
      titleId={titleId}
    />
  );
}

/** A modal's code starts loading when the reader reaches for its button; a failed load is retried when it opens. */
function usePreloadOnIntent(table: SiteTable) {
  useEffect(
    () =>
      $modalIntent.subscribe((name) => {
        const owner = name && modalOf(table, name);
        if (owner) loadRemoteModule(moduleIdOf(owner)).catch(() => undefined);
      }),
    [table],
  );
}
