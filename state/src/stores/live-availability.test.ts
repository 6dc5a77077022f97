import { waitFor } from '@testing-library/react';
import { addDays, BUSINESS_TIME_ZONE, todayIn, type BookingForm } from '@rentora/shared';
import { VALID_BOOKING_DETAILS } from '@rentora/shared/testing/booking-form';
import { api } from '../api/client';
import { newIdempotencyKey } from '../api/idempotency-key';
import { $liveCars, $liveStatus } from './live-availability';
import { prefetchReads } from './reads';
import { $vehicle, $vehicleSearch } from './vehicles';

jest.setTimeout(30_000);
const LIVE = { timeout: 10_000 };

/** Shows or hides the page, as the browser does when the tab is switched or the window minimised. */
function setPageVisible(visible: boolean): void {
  Object.defineProperty(document, 'visibilityState', { value: visible ? 'visible' : 'hidden', configurable: true });
  Object.defineProperty(document, 'hidden', { value: !visible, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  // Back to jsdom's own (always visible) page.
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(document, 'hidden');
});

async function riderToken(): Promise<string> {
  const answer = await api.register({
    name: 'Live Rider',
    email: `live-store-${Date.now()}@example.com`,
    password: 'correct-horse-battery',
    avatar: 'avatar1',
  });
  if (!answer.ok || !answer.body.token) throw new Error(`could not register: ${answer.body.message}`);
  return answer.body.token;
}

describe('the live availability store', () => {
  it('opens one stream while listened to, and rewrites the car and the dated searches it leaves', async () => {
    const today = todayIn(BUSINESS_TIME_ZONE);
    const range = { pick_up_date: addDays(today, 160), drop_off_date: addDays(today, 161) };
    const carUrl = '/api/vehicles/hyundai-creta';
    await prefetchReads([carUrl]);
    const search = $vehicleSearch(range);
    const stopSearch = search.listen(() => undefined);
    await waitFor(() => expect(search.get().data?.map((car) => car._id)).toContain('hyundai-creta'), LIVE);

    expect($liveStatus.get()).toBe('off');
    const stop = $liveCars.listen(() => undefined);
    try {
      await waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);

      const form: BookingForm = { ...VALID_BOOKING_DETAILS, ...range };
      const booked = await api.bookRide('hyundai-creta', form, await riderToken(), newIdempotencyKey());
      expect(booked.ok).toBe(true);

      await waitFor(() => expect($vehicle('hyundai-creta').get().data?.booked).toContainEqual(range), LIVE);
      expect($liveCars.get()['hyundai-creta']?.booked).toContainEqual(range);
      expect(search.get().data?.map((car) => car._id)).not.toContain('hyundai-creta');
    } finally {
      stop();
      stopSearch();
    }
    // Nobody listens: the stream closes (after the stores' unmount delay).
    await waitFor(() => expect($liveStatus.get()).toBe('off'), LIVE);
  });

  it('closes the stream while the page is hidden, and reopens it, catching up, when it shows again', async () => {
    const today = todayIn(BUSINESS_TIME_ZONE);
    const range = { pick_up_date: addDays(today, 150), drop_off_date: addDays(today, 151) };
    const car = $vehicle('mercedes-benz-gle');
    const stopCar = car.listen(() => undefined);
    await waitFor(() => expect(car.get().data).toBeDefined(), LIVE);
    expect(car.get().data?.booked).not.toContainEqual(range);

    const stop = $liveCars.listen(() => undefined);
    try {
      await waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);

      setPageVisible(false);
      // A listener remains, but nothing on a hidden page needs the stream.
      expect($liveStatus.get()).toBe('off');

      // Meanwhile the car is booked: no stream tells this tab.
      const form: BookingForm = { ...VALID_BOOKING_DETAILS, ...range };
      const booked = await api.bookRide('mercedes-benz-gle', form, await riderToken(), newIdempotencyKey());
      expect(booked.ok).toBe(true);
      // The stream's events come within milliseconds; a closed one brings none.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect($liveCars.get()['mercedes-benz-gle']?.booked ?? []).not.toContainEqual(range);
      expect(car.get().data?.booked).not.toContainEqual(range);

      setPageVisible(true);
      expect(['connecting', 'live']).toContain($liveStatus.get());
      await waitFor(() => expect($liveStatus.get()).toBe('live'), LIVE);
      // Once open again, the car's read is asked again for what the hidden page missed.
      await waitFor(() => expect(car.get().data?.booked).toContainEqual(range), LIVE);
    } finally {
      stop();
      stopCar();
    }
    await waitFor(() => expect($liveStatus.get()).toBe('off'), LIVE);
  });
});
