import type { AuthModalProps } from '@rentora/shared';
import { AuthModal } from '../features/auth/auth-modal';

export default function AuthModalExposed(props: AuthModalProps) {
  return <AuthModal {...props} />;
}
