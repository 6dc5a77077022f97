import { matchPage } from './pages';

describe('matchPage (as the router matches)', () => {
  it.each([
    ['/', 'home', ['/api/vehicles']],
    ['/vehicles', 'fleet', ['/api/vehicles']],
    ['/vehicles/', 'fleet', ['/api/vehicles']],
    ['/Vehicles', 'fleet', ['/api/vehicles']],
    ['/about', 'about', []],
    ['/vehicles/audi-q7', 'vehicle', ['/api/vehicles/audi-q7']],
    ['/vehicles/a%20b', 'vehicle', ['/api/vehicles/a%20b']],
    ['/vehicles/audi-q7/extra', 'notFound', []],
    ['/no/such/page', 'notFound', []],
    ['/vehicles/%E0%A4%A', 'notFound', []],
  ])('%s is the %s page, starting with %j', (path, page, dataUrls) => {
    expect(matchPage(path)).toMatchObject({ page, dataUrls });
  });

  it('names the car a detail path shows, decoded', () => {
    expect(matchPage('/vehicles/a%20b').vehicleId).toBe('a b');
  });
});
