import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { Button, ModalFrame } from '@rentora/shared';
import {
  $modal,
  $pagePaths,
  closeModal,
  openAuth,
  openProfile,
  pagePathsOf,
  type ModalState,
  useStore,
} from '@rentora/state';
import { StandalonePages } from '@rentora/state/standalone';
import { StrictMode, useId } from 'react';
import { createRoot } from 'react-dom/client';
import AuthModal from '../exposed/auth-modal';
import InvoicePage from '../exposed/invoice-page';
import ProfileModal from '../exposed/profile-modal';
import accountPages from '../pages';

// No host tells where pages are: the account's own table does, for its links by name.
$pagePaths.set(pagePathsOf(accountPages.pages));

/** The account's modals with no host: a button for each, opened as the host's outlet would. */
function ModalButtons() {
  return (
    <nav aria-label="Account modals">
      <Button onClick={openAuth}>Open Login/Sign Up</Button> <Button onClick={openProfile}>Open Profile</Button>
    </nav>
  );
}

function AccountOutlet() {
  const modal = useStore($modal);
  const titleId = useId();
  if (modal?.name !== 'auth' && modal?.name !== 'profile') return null;
  return (
    <ModalFrame key={modal.name} titleId={titleId} onClose={closeModal}>
      <AccountModal modal={modal} titleId={titleId} />
    </ModalFrame>
  );
}

function AccountModal({ modal, titleId }: { modal: ModalState & { name: 'auth' | 'profile' }; titleId: string }) {
  if (modal.name === 'auth') return <AuthModal titleId={titleId} onClose={closeModal} initialView={modal.view} />;
  return <ProfileModal titleId={titleId} onClose={closeModal} />;
}

const root = document.getElementById('root');
if (!root) throw new Error('standalone/index.html has no #root element.');
// The account's invoice page at its path (sign in first: it is for the rental's customer and staff), and its modals on every path.
createRoot(root).render(
  <StrictMode>
    <StandalonePages table={accountPages} components={{ './InvoicePage': InvoicePage }}>
      <ModalButtons />
      <AccountOutlet />
    </StandalonePages>
  </StrictMode>,
);
