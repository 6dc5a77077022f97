import { BOOKING_STEPS, INPUT_STEP_COUNT } from './booking-steps';
import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** 0–3 for the input steps, 4 for the result. */
  step: number;
  /** What the last step is called: the result, or the payment a held booking awaits. */
  lastStep?: 'Result' | 'Payment';
}

/** Four segments, one per input step, filled up to the current one; all filled on the result. */
export function ProgressBar({ step, lastStep = 'Result' }: ProgressBarProps) {
  const filled = Math.min(step + 1, INPUT_STEP_COUNT);
  const current = BOOKING_STEPS[step];
  const text = current
    ? `Step ${step + 1} of ${INPUT_STEP_COUNT}: ${current.name}`
    : lastStep === 'Payment'
      ? 'All steps complete: payment'
      : 'All steps complete';
  return (
    <div className={styles.progress}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Booking progress"
        aria-valuemin={0}
        aria-valuemax={INPUT_STEP_COUNT}
        aria-valuenow={filled}
        aria-valuetext={text}
      >
        {BOOKING_STEPS.map((spec, index) => (
          <span key={spec.name} className={index < filled ? styles.segmentFilled : styles.segment} />
        ))}
      </div>
      <p className={styles.caption} aria-hidden="true">
        {current ? (
          <>
            <span>
              Step {step + 1} of {INPUT_STEP_COUNT}
            </span>
            <span>{current.name}</span>
          </>
        ) : (
          <span>{lastStep}</span>
        )}
      </p>
    </div>
  );
}
