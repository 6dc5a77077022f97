import { Avatar, Skeleton, type User } from '@rentora/shared';
import { refreshUser } from '@rentora/state';
import styles from './profile-card.module.css';

export interface ProfileCardProps {
  user: User | null;
  loading: boolean;
}

/** Avatar, name and email, with skeletons while the user loads. */
export function ProfileCard({ user, loading }: ProfileCardProps) {
  if (user) {
    return (
      <div className={styles.card}>
        <Avatar avatar={user.avatar} size={64} />
        <div className={styles.identity}>
          <p className={styles.name}>{user.name}</p>
          <p className={styles.email}>{user.email}</p>
        </div>
      </div>
    );
  }
  if (loading) {
    return (
      <div className={styles.card} role="status" aria-busy="true" aria-label="Loading your profile">
        <Skeleton width="64px" height="64px" radius="var(--radius-pill)" />
        <div className={styles.identity}>
          <Skeleton width="9rem" height="1.25rem" />
          <Skeleton width="12rem" height="0.875rem" />
        </div>
      </div>
    );
  }
  return (
    <div className={styles.card} role="alert">
      <p className={styles.email}>Your profile could not be loaded.</p>
      <button type="button" className={styles.retry} onClick={() => void refreshUser()}>
        Try again
      </button>
    </div>
  );
}
