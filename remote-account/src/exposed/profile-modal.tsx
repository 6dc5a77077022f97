import type { ModalProps } from '@rentora/shared';
import { ProfileModal } from '../features/profile/profile-modal';

export default function ProfileModalExposed(props: ModalProps) {
  return <ProfileModal {...props} />;
}
