import { EMPTY_SITE_TABLE, type SitePage, type SiteTable } from '@rentora/state';
import { SITE_TABLE } from '../testing/site-table';
import { HOST_PAGES } from './host-pages';
import { siteMatchAt } from './site-match';

const car = SITE_TABLE.pages.find(({ name }) => name === 'car') as SitePage;

describe('siteMatchAt', () => {
  it('answers an address with the one match the start-up code and every render share', () => {
    const table: SiteTable = { pages: [car], modals: [] };
    const first = siteMatchAt(table, '/vehicles/bmw-x5');
    expect(first?.remote?.params).toEqual({ vehicleId: 'bmw-x5' });
    expect(siteMatchAt(table, '/vehicles/bmw-x5')).toBe(first);
    expect(siteMatchAt(table, '/vehicles/audi-q7')?.remote?.params).toEqual({ vehicleId: 'audi-q7' });
  });

  it('matches again with another table: a staff member’s whole site, say', () => {
    const table: SiteTable = { pages: [car], modals: [] };
    expect(siteMatchAt(table, '/vehicles/kia-seltos')).toBeDefined();
    expect(siteMatchAt(EMPTY_SITE_TABLE, '/vehicles/kia-seltos')).toBeUndefined();
  });

  it('gives the host’s own pages before any remote’s', () => {
    const claim: SitePage = { ...car, name: 'about-claim', path: '/about' };
    expect(siteMatchAt({ pages: [claim], modals: [] }, '/about')).toEqual({ own: HOST_PAGES[0] });
  });
});
