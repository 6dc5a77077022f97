import { BUSINESS_TIME_ZONE } from '@rentora/shared';
import { $businessTimeZone, setBusinessTimeZone } from '../stores/business-time';
import { api, API_PATHS } from './client';

// A shared test API on a busy machine.
jest.setTimeout(20_000);

afterEach(() => {
  $businessTimeZone.set(BUSINESS_TIME_ZONE);
});

describe('the API client and the business time zone', () => {
  it('is India’s until an answer names one', () => {
    expect($businessTimeZone.get()).toBe('Asia/Kolkata');
  });

  it.each([
    ['the fleet', () => api.read(API_PATHS.vehicles)],
    ['a search of the fleet', () => api.read(API_PATHS.search({ location: 'Goa' }))],
    ['a car', () => api.read(API_PATHS.vehicle('audi-q7'))],
  ])('takes the zone %s answers with', async (_what, call) => {
    // As if an earlier answer had named another zone: the next one brings the store back to the
    // test API's, which runs in the default zone.
    $businessTimeZone.set('Pacific/Kiritimati');

    const answer = await call();

    expect(answer.ok).toBe(true);
    expect($businessTimeZone.get()).toBe('Asia/Kolkata');
  });

  it('keeps the zone it has when a name is not a time zone this browser knows', () => {
    setBusinessTimeZone('Etc/GMT+12');
    expect($businessTimeZone.get()).toBe('Etc/GMT+12');
    setBusinessTimeZone('Mars/Olympus_Mons');
    expect($businessTimeZone.get()).toBe('Etc/GMT+12');
  });
});
