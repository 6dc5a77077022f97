import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { Button, ModalFrame, type Vehicle } from '@rentora/shared';
import { $modal, $vehicles, closeModal, openBookRide, useStore } from '@rentora/state';
import { StrictMode, useId } from 'react';
import { createRoot } from 'react-dom/client';
import BookRideModal from '../exposed/book-ride-modal';

const CARS_SHOWN = 4;

/**
 * The Book Ride wizard with no host: a few cars from the API, each with a button that opens the
 * wizard in a dialog, as the host's modal outlet would. Sending needs a signed-in user on this
 * origin (the account remote's standalone page is another origin).
 */
function StandaloneBooking() {
  const { data: vehicles, error } = useStore($vehicles) as { data?: Vehicle[]; error?: Error };
  return (
    <main>
      <h1>Book Ride (standalone)</h1>
      {error && <p role="alert">{error.message}</p>}
      <ul>
        {(vehicles ?? []).slice(0, CARS_SHOWN).map((vehicle) => (
          <li key={vehicle._id}>
            <Button onClick={() => openBookRide(vehicle._id)}>Book {vehicle.car_name}</Button>
          </li>
        ))}
      </ul>
      <BookRideOutlet />
    </main>
  );
}

function BookRideOutlet() {
  const modal = useStore($modal);
  const titleId = useId();
  if (modal?.name !== 'book') return null;
  return (
    <ModalFrame key={modal.vehicleId} titleId={titleId} onClose={closeModal}>
      <BookRideModal titleId={titleId} onClose={closeModal} vehicleId={modal.vehicleId} />
    </ModalFrame>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('standalone/index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <StandaloneBooking />
  </StrictMode>,
);
