import { Avatar, AVATAR_IDS } from '@rentora/shared';
import styles from './avatar-picker.module.css';

export interface AvatarPickerProps {
  value: string;
  onChange: (avatar: string) => void;
}

/** The six avatars as one radio group (docs/product.md §2); arrow keys move between them. */
export function AvatarPicker({ value, onChange }: AvatarPickerProps) {
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>Choose your avatar</legend>
      <div className={styles.options}>
        {AVATAR_IDS.map((avatar, index) => (
          <label key={avatar} className={styles.option}>
            <input
              className={styles.radio}
              type="radio"
              name="avatar"
              value={avatar}
              checked={value === avatar}
              onChange={() => onChange(avatar)}
              required
            />
            <Avatar avatar={avatar} size={56} alt={`Avatar ${index + 1}`} className={styles.picture} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
