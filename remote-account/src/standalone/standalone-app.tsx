import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { Button, ModalFrame } from '@rentora/shared';
import { $modal, closeModal, openAuth, openProfile, type ModalState, useStore } from '@rentora/state';
import { StrictMode, useId } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@rentora/state/router';
import AuthModal from '../exposed/auth-modal';
import ProfileModal from '../exposed/profile-modal';

/** The account's two modals with no host: a button for each, opened as the host's outlet would. */
function StandaloneAccount() {
  return (
    <BrowserRouter>
      <main>
        <h1>Account (standalone)</h1>
        <Button onClick={openAuth}>Open Login/Sign Up</Button> <Button onClick={openProfile}>Open Profile</Button>
        <AccountOutlet />
      </main>
    </BrowserRouter>
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
createRoot(root).render(
  <StrictMode>
    <StandaloneAccount />
  </StrictMode>,
);
