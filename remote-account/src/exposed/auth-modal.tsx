import type { AuthModalProps, ModalComponent } from '@rentora/state';
import { AuthModal } from '../features/auth/auth-modal';

function AuthModalExposed(props: AuthModalProps) {
  return <AuthModal {...props} />;
}

export default AuthModalExposed satisfies ModalComponent<'auth'>;
