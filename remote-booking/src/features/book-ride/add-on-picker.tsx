import { formatRupees, type AddOn } from '@rentora/shared';
import styles from './add-on-picker.module.css';

export interface AddOnPickerProps {
  addOns: readonly AddOn[];
  chosen: readonly number[];
  onToggle: (id: number) => void;
}

/** The add-ons offered (a chauffeur, a child seat…), each a checkbox with its price. */
export function AddOnPicker({ addOns, chosen, onToggle }: AddOnPickerProps) {
  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>Extras</legend>
      <div className={styles.options}>
        {addOns.map((addOn) => (
          <label key={addOn.id} className={styles.option}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={chosen.includes(addOn.id)}
              onChange={() => onToggle(addOn.id)}
            />
            <span className={styles.name}>{addOn.label}</span>
            <span className={styles.price}>
              {formatRupees(addOn.price)}
              {addOn.per === 'day' ? '/day' : ' per rental'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
