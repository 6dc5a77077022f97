import { useId } from 'react';
import styles from './stars.module.css';

export type StarFill = 'full' | 'half' | 'empty';

const STAR_COUNT = 5;

/** Five stars for a 0–5 rating, rounded to the nearest half (docs/product.md §9). */
export function starFills(rating: number): StarFill[] {
  const halves = Math.round(Math.min(Math.max(rating, 0), STAR_COUNT) * 2);
  return Array.from({ length: STAR_COUNT }, (_, index) => {
    const left = halves - index * 2;
    if (left >= 2) return 'full';
    return left === 1 ? 'half' : 'empty';
  });
}

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export interface StarsProps {
  rating: number;
  className?: string;
}

/** The rating as its number plus five full, half or empty stars, read out as one phrase. */
export function Stars({ rating, className }: StarsProps) {
  const id = useId();
  const fills = starFills(rating);
  return (
    <span
      className={[styles.stars, className].filter(Boolean).join(' ')}
      role="img"
      aria-label={`Rated ${rating} out of 5`}
    >
      <span className={styles.number} aria-hidden="true">
        {rating}
      </span>
      <span className={styles.row} aria-hidden="true">
        {fills.map((fill, index) => (
          <svg key={index} className={styles.star} viewBox="0 0 24 24" width="20" height="20">
            <defs>
              <clipPath id={`${id}-${index}`}>
                <rect width={fill === 'half' ? 12 : 24} height="24" />
              </clipPath>
            </defs>
            <path className={styles.empty} d={STAR_PATH} />
            {fill !== 'empty' && <path className={styles.filled} d={STAR_PATH} clipPath={`url(#${id}-${index})`} />}
          </svg>
        ))}
      </span>
    </span>
  );
}
