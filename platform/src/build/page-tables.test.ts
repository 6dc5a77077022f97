import type { PageEntry, RemoteTable } from '@rentora/state/page-table';
import { tableProblems } from './page-tables';

// The check is plain data; the Node render beside it loads Rspack, which Jest cannot load (ESM only).
jest.mock('./node-render', () => ({ withNodeRender: jest.fn() }));

/** A page as `pages.json` holds it; only what `tableProblems` reads matters. */
const page = (entry: Partial<PageEntry> & Pick<PageEntry, 'path' | 'expose'>): PageEntry => ({
  name: entry.path.slice(1).replace(/\W+/g, '-').toLowerCase() || 'home',
  title: null,
  reads: [],
  what: 'this page',
  access: 'everyone',
  skeleton: '',
  styles: [],
  css: '',
  ...entry,
});

/** A table a remote could deploy: a page with a link, a page with a parameter and its read, and a modal. */
const cleanTable = (): RemoteTable => ({
  pages: [
    page({ path: '/vehicles', expose: './FleetPage', reads: ['/api/vehicles'], nav: { label: 'Vehicles', order: 20 } }),
    page({
      path: '/vehicles/:vehicleId',
      expose: './VehicleDetailPage',
      reads: ['/api/vehicles/:vehicleId'],
      firstPaint: '<h1>{data:car_name}</h1>',
    }),
  ],
  modals: [{ name: 'book', expose: './BookRideModal', what: 'booking' }],
});
const EXPOSED = ['./FleetPage', './VehicleDetailPage', './BookRideModal'];

/** The clean table with its pages changed or added. */
const withPages = (...pages: PageEntry[]): RemoteTable => ({ ...cleanTable(), pages });

describe('tableProblems: a remote’s page table checked against its exposes before it is written', () => {
  it('finds nothing wrong with a table that matches its exposes both ways', () => {
    expect(tableProblems(cleanTable(), EXPOSED)).toEqual([]);
  });

  it('names an expose the table names but the build does not expose', () => {
    expect(tableProblems(cleanTable(), ['./FleetPage', './BookRideModal'])).toEqual([
      './VehicleDetailPage is in the table but not exposed.',
    ]);
  });

  it('names an expose the build exposes but the table does not name', () => {
    expect(tableProblems(cleanTable(), [...EXPOSED, './AboutPage'])).toEqual([
      './AboutPage is exposed but not in the table.',
    ]);
  });

  it('names a path declared twice, whatever its case', () => {
    const table = withPages(
      ...cleanTable().pages,
      page({ name: 'fleet-again', path: '/Vehicles', expose: './FleetPage', reads: ['/api/vehicles'] }),
    );
    expect(tableProblems(table, EXPOSED)).toEqual(['/Vehicles is declared twice.']);
  });

  it('names a page name used twice, and one that is not lower-case words joined by hyphens', () => {
    const [fleet, car] = cleanTable().pages;
    if (!fleet || !car) throw new Error('the clean table has a fleet page and a car page');
    expect(tableProblems(withPages({ ...fleet, name: 'Fleet Page' }, { ...car, name: 'car' }), EXPOSED)).toEqual([
      '/vehicles\'s name "Fleet Page" is not lower-case words joined by hyphens.',
    ]);
    expect(tableProblems(withPages({ ...fleet, name: 'fleet' }, { ...car, name: 'fleet' }), EXPOSED)).toEqual([
      "/vehicles/:vehicleId's name fleet is another page's.",
    ]);
  });

  it('names a path that does not start with a slash', () => {
    const table = withPages(page({ path: 'vehicles', expose: './FleetPage' }), ...cleanTable().pages.slice(1));
    expect(tableProblems(table, EXPOSED)).toEqual(['vehicles must start with a slash.']);
  });

  it('names a read that is not an API path, and one with a parameter its path does not have', () => {
    const table = withPages(
      page({ path: '/vehicles', expose: './FleetPage', reads: ['/vehicles.json', '/api/vehicles/:vehicleId'] }),
      ...cleanTable().pages.slice(1),
    );
    expect(tableProblems(table, EXPOSED)).toEqual([
      '/vehicles reads /vehicles.json, which is not an API path.',
      '/vehicles reads /api/vehicles/:vehicleId, but its path has no :vehicleId.',
    ]);
  });

  it('names a navigation link on a path with parameters', () => {
    const [fleet, car] = cleanTable().pages as [PageEntry, PageEntry];
    const table = withPages(fleet, { ...car, nav: { label: 'Car', order: 30 } });
    expect(tableProblems(table, EXPOSED)).toEqual(['/vehicles/:vehicleId has parameters: it cannot be a nav link.']);
  });

  it('names a first paint on a page for some roles only, and one that reads nothing', () => {
    const [fleet, car] = cleanTable().pages as [PageEntry, PageEntry];
    const table = withPages(
      { ...fleet, firstPaint: '<p>{plural:length|# Result|# Results}</p>', reads: [] },
      { ...car, access: { roles: ['operator'] } },
    );
    expect(tableProblems(table, EXPOSED)).toEqual([
      '/vehicles paints data first but reads nothing.',
      '/vehicles/:vehicleId is for some roles only: its data cannot be painted into a page anyone may get.',
    ]);
  });

  it('names every problem of a table at once, one a line', () => {
    const table = withPages(
      page({ path: '/vehicles/:vehicleId', expose: './VehicleDetailPage', nav: { label: 'Car', order: 30 } }),
      page({ path: '/vehicles/:vehicleId', expose: './VehicleDetailPage', reads: ['/api/bookings/:bookingId'] }),
    );
    expect(tableProblems(table, ['./VehicleDetailPage', './BookRideModal', './Extra'])).toEqual([
      './Extra is exposed but not in the table.',
      '/vehicles/:vehicleId has parameters: it cannot be a nav link.',
      "/vehicles/:vehicleId's name vehicles-vehicleid is another page's.",
      '/vehicles/:vehicleId is declared twice.',
      '/vehicles/:vehicleId reads /api/bookings/:bookingId, but its path has no :bookingId.',
    ]);
  });
});
