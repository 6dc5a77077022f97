import { Button, MESSAGES, type Rental } from '@rentora/shared';
import { $token, api, NetworkError, refreshUser, refreshVehicle, showToast } from '@rentora/state';
import { useEffect, useRef, useState } from 'react';
import { CancellationTerms } from './cancellation-terms';
import { useCancellationQuote } from './use-cancellation-quote';
import styles from './cancel-rental.module.css';

export interface CancelRentalProps {
  /** The rental's car _id: what the cancel call identifies a rental by (docs/product.md §7). */
  carId: string;
  /** Names the car in the confirmation, for screen readers among several rentals. */
  carName: string;
  /** The rental, whose refund the confirmation shows first (docs/product.md §11). */
  rental: Pick<Rental, 'car' | 'pick_up_date' | 'drop_off_date'>;
}

type Stage = 'idle' | 'confirming' | 'cancelling';

/** 'Cancel Rental', asked to be confirmed inline, then sent once (docs/product.md §8 for what follows). */
export function CancelRental({ carId, carName, rental }: CancelRentalProps) {
  const [stage, setStage] = useState<Stage>('idle');
  const containerRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef(false);
  const asked = useRef(false);

  // The clicked button is replaced: focus its replacement ('Keep it', or 'Cancel Rental' again).
  useEffect(() => {
    if (stage !== 'cancelling' && asked.current) containerRef.current?.querySelector('button')?.focus();
  }, [stage]);

  async function cancel() {
    const token = $token.get();
    if (inFlight.current || !token) return;
    inFlight.current = true;
    setStage('cancelling');
    try {
      const answer = await api.cancelRide(carId, token);
      if (answer.ok) {
        showToast('success', MESSAGES.cancelSucceeded);
        // The car's dates are free again: the detail page and the wizard must see that.
        refreshVehicle(carId);
        await refreshUser();
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      showToast('error', MESSAGES.cancelNetwork);
    } finally {
      inFlight.current = false;
      setStage('idle');
    }
  }

  return (
    <div ref={containerRef} className={styles.cancel}>
      {stage === 'idle' ? (
        <Button
          variant="danger"
          className={styles.trigger}
          onClick={() => {
            asked.current = true;
            setStage('confirming');
          }}
        >
          Cancel Rental
        </Button>
      ) : (
        <ConfirmCancel
          carName={carName}
          rental={rental}
          cancelling={stage === 'cancelling'}
          onKeep={() => setStage('idle')}
          onCancel={() => void cancel()}
        />
      )}
    </div>
  );
}

interface ConfirmCancelProps extends Pick<CancelRentalProps, 'carName' | 'rental'> {
  cancelling: boolean;
  onKeep: () => void;
  onCancel: () => void;
}

/** The question, with the refund terms first: 'Yes, cancel' waits until they are known. */
function ConfirmCancel({ carName, rental, cancelling, onKeep, onCancel }: ConfirmCancelProps) {
  const { state, retry } = useCancellationQuote(rental);
  return (
    <div className={styles.confirm} role="group" aria-label={`Cancel the ${carName} rental?`}>
      <p className={styles.question}>Cancel this rental?</p>
      <CancellationTerms state={state} retry={retry} />
      <div className={styles.actions}>
        <Button variant="ghost" disabled={cancelling} onClick={onKeep}>
          Keep it
        </Button>
        <Button variant="danger" busy={cancelling} disabled={state.kind !== 'ready'} onClick={onCancel}>
          Yes, cancel
        </Button>
      </div>
    </div>
  );
}
