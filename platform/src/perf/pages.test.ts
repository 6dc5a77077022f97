import type { PageEntry, RemoteTable } from '@rentora/state/page-table';
import { pagesToMeasure } from './pages';

const page = (path: string, access: PageEntry['access'] = 'everyone'): PageEntry => ({
  name: path.slice(1).replace(/\W+/g, '-') || 'home',
  path,
  title: null,
  expose: './Page',
  reads: [],
  what: 'this page',
  access,
  skeleton: '',
  styles: [],
  css: '',
});

const table = (...pages: PageEntry[]): RemoteTable => ({ pages, modals: [] });

describe('pagesToMeasure: the pages the speed tools and the bundle report load, from the site’s tables', () => {
  it('takes every remote’s public pages, then the host’s own, parameters filled from the samples', () => {
    const catalog = table(page('/'), page('/vehicles'), page('/vehicles/:vehicleId'));
    const operator = table(page('/operator', { roles: ['operator', 'admin'] }));
    expect(pagesToMeasure([catalog, operator], [{ path: '/about' }], { vehicleId: 'audi q7' })).toEqual([
      '/',
      '/vehicles',
      '/vehicles/audi%20q7',
      '/about',
    ]);
  });

  it('measures a page a remote adds once it is in a table, and leaves out one whose parameter has no sample', () => {
    const catalog = table(page('/'), page('/offers'), page('/bookings/:bookingId'));
    expect(pagesToMeasure([catalog], [], { vehicleId: 'audi-q7' })).toEqual(['/', '/offers']);
  });
});
