import { Button, MESSAGES } from '@rentora/shared';
import { $user, $userLoading, logOut, showToast, type ModalProps, useStore } from '@rentora/state';
import { LogOutEverywhere } from './log-out-everywhere';
import { ProfileCard } from './profile-card';
import { RentalList } from './rental-list';
import { useLiveRentals } from './use-live-rentals';
import { useRentalInvoices } from './use-rental-invoices';
import styles from './profile-modal.module.css';

/** The Profile modal: who is logged in, their rentals and the way out (docs/product.md §2). */
export function ProfileModal({ titleId, onClose }: ModalProps) {
  const user = useStore($user);
  const loading = useStore($userLoading);
  useLiveRentals(user?.cars_rented);
  const invoices = useRentalInvoices(user?.cars_rented);

  // Logged out here at once; the server's revocation of the token follows (docs/product.md §4).
  function logout() {
    onClose();
    void logOut();
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
        <LogOutEverywhere className={styles.everywhere} onLoggedOut={onClose} />
      </div>
      {user && <RentalList rentals={user.cars_rented} onExplore={onClose} invoices={invoices} />}
    </section>
  );
}
