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
});
