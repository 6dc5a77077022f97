import type { ModalProps, RemoteModules } from '@rentora/state';
import { ProfileModal } from '../features/profile/profile-modal';

function ProfileModalExposed(props: ModalProps) {
  return <ProfileModal {...props} />;
}

export default ProfileModalExposed satisfies RemoteModules['account/ProfileModal'];
