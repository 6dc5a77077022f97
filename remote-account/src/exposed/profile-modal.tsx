import type { ModalComponent, ModalProps } from '@rentora/state';
import { ProfileModal } from '../features/profile/profile-modal';

function ProfileModalExposed(props: ModalProps) {
  return <ProfileModal {...props} />;
}

export default ProfileModalExposed satisfies ModalComponent<'profile'>;
