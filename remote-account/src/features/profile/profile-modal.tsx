import { Button, MESSAGES } from '@rentora/shared';
import { $user, $userLoading, logOut, showToast, type ModalProps, useStore } from '@rentora/state';
import { ProfileCard } from './profile-card';
import { RentalList } from './rental-list';
import styles from './profile-modal.module.css';

/** The Profile modal: who is logged in, their rentals and the way out (docs/product.md §2). */
export function ProfileModal({ titleId, onClose }: ModalProps) {
  const user = useStore($user);
  const loading = useStore($userLoading);

  function logout() {
    onClose();
    logOut();
    showToast('success', MESSAGES.loggedOut);
  }

  return (
    <section className={styles.modal}>
      <h2 id={titleId} className={styles.title}>
        Profile
      </h2>
      <div className={styles.account}>
        <ProfileCard user={user} loading={loading} />
        <Button variant="secondary" onClick={logout}>
          Logout
        </Button>
      </div>
      {user && <RentalList rentals={user.cars_rented} onExplore={onClose} />}
    </section>
  );
}
