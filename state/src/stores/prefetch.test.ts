import { prefetchPage } from './prefetch';
import { $vehicle, $vehicles } from './vehicles';

// A shared test API answers these; on a busy machine it can be slow.
jest.setTimeout(30_000);

describe('prefetchPage', () => {
  it('settles once the fleet has answered, and the fleet page then finds it in the store', async () => {
    await prefetchPage('/vehicles');
    const fleet = $vehicles.get();
    expect(fleet.loading).toBe(false);
    expect(fleet.data?.length).toBeGreaterThan(0);
  });

  it('settles once a car has answered, and keeps it for the car’s page', async () => {
    await prefetchPage('/vehicles/audi-q7');
    expect($vehicle('audi-q7').get().data?.car_name).toBe('Audi Q7');
  });

  it('settles for a car that does not exist, with its error in the store', async () => {
    await prefetchPage('/vehicles/no-such-car');
    expect($vehicle('no-such-car').get().error).toMatchObject({ status: 404 });
  });

  it('settles at once for a page that reads nothing first', async () => {
    await expect(prefetchPage('/about')).resolves.toBeUndefined();
  });
});
