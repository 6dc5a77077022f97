import { EACH_ATTRIBUTES, firstPaintDay, firstPaintField, MAX_DAYS_AHEAD } from '@rentora/shared';
import { within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from '@rentora/state/router';
import catalogPages from './pages';

const pageAt = (path: string) => {
  const page = catalogPages.pages.find((entry) => entry.path === path);
  if (!page) throw new Error(`The catalog has no page at ${path}.`);
  return page;
};

/** A page's HTML as its build renders it (platform/src/build/render-page-table.tsx). */
const rendered = (path: string, element: ReactElement) =>
  renderToString(<StaticRouter location={path}>{element}</StaticRouter>);

/** A page's first paint as its build renders it, in a document. */
function firstPaintOf(path: string) {
  const page = pageAt(path);
  if (!('firstPaint' in page)) throw new Error(`${path} paints no data first.`);
  const container = document.createElement('div');
  container.innerHTML = rendered(path, page.firstPaint());
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** A list template's attributes and the item it repeats, as HTML (its content is not in the document). */
const templates = (container: HTMLElement) =>
  [...container.querySelectorAll('template')].map((template) => ({
    path: template.getAttribute(EACH_ATTRIBUTES.path),
    from: template.getAttribute(EACH_ATTRIBUTES.from),
    max: template.getAttribute(EACH_ATTRIBUTES.max),
    groupBy: template.getAttribute(EACH_ATTRIBUTES.groupBy),
    item: template.innerHTML,
  }));

describe('the catalog’s page table', () => {
  it('declares its pages, their links in order, and their first reads', () => {
    expect(catalogPages.pages.map(({ path, expose, reads }) => [path, expose, reads])).toEqual([
      ['/', './HomePage', ['/api/vehicles']],
      ['/vehicles', './FleetPage', ['/api/vehicles']],
      ['/vehicles/:vehicleId', './VehicleDetailPage', ['/api/vehicles/:vehicleId']],
    ]);
    expect(catalogPages.pages.flatMap((page) => ('nav' in page ? [page.nav] : []))).toEqual([
      { label: 'Home', order: 10 },
      { label: 'Vehicles', order: 20 },
    ]);
  });

  it('paints the car with a token for each field it shows, and the skeleton’s parts where the session decides', () => {
    const page = firstPaintOf('/vehicles/:vehicleId');
    const view = within(page);
    expect(view.getByRole('heading', { level: 1 })).toHaveTextContent(firstPaintField('car_name'));
    expect(view.getByText(firstPaintField('description'))).toBeInTheDocument();
    expect(view.getByText(`₹${firstPaintField('price_per_day')}`)).toBeInTheDocument();
    expect(page.querySelector('title')).toHaveTextContent(`${firstPaintField('car_name')} - Rentora`);
    expect(page.querySelector('img')?.getAttribute('src')).toMatch(/^\{data:image_url\}\?/);
    expect(view.queryByRole('button', { name: /Book A Ride|Unavailable/ })).not.toBeInTheDocument();
    expect(view.queryByText(/not logged in/)).not.toBeInTheDocument();
    expect(view.queryByRole('heading', { name: 'Specs' })).not.toBeInTheDocument();
    expect(view.getByRole('heading', { level: 1 }).closest('[data-waits-for-fonts]')).not.toBeNull();
  });

  it('paints the fleet’s heading, toolbar, number of cars and as many of the first row as the fleet has', () => {
    const page = firstPaintOf('/vehicles');
    const view = within(page);
    expect(view.getByRole('heading', { level: 1 })).toHaveTextContent('Search and Book the Best Rental Vehicles');
    expect(view.getByPlaceholderText('Search by car name')).toBeInTheDocument();
    expect(view.getByRole('status')).toHaveTextContent('{plural:length|# Result|# Results}');
    const [cities, lead, others] = templates(page);
    expect(cities).toMatchObject({ path: '', groupBy: 'location' });
    expect(lead).toMatchObject({ path: '', from: null, max: '1' });
    expect(others).toMatchObject({ path: '', from: '1', max: '2' });
    // The first card's photo is fetched first; the others wait, hidden on a phone.
    expect(lead?.item).toMatch(/fetchpriority="high"/i);
    expect(others?.item).toMatch(/loading="lazy"/);
    // A card links to its car by its id, URL-encoded: so is the token the build reads back.
    expect(lead?.item).toContain(`href="/vehicles/${encodeURIComponent(firstPaintField('*._id'))}"`);
    expect(lead?.item).toContain(firstPaintField('*.car_name'));
  });

  it('paints the home page’s search with the fleet’s cities, a visitor can choose one before the code runs', () => {
    const page = firstPaintOf('/');
    const location = within(page).getByRole('combobox', { name: 'Location' });
    expect(within(location).getByRole('option', { name: 'Any city' })).toBeInTheDocument();
    const [cities] = templates(page);
    expect(cities).toMatchObject({ path: '', groupBy: 'location' });
    expect(cities?.item).toContain('{plural:*.count|# car|# cars}');
  });

  it('lets its HTML’s date fields allow the days the server counts from its today, never the day of the build', () => {
    // Every page's skeleton and first paint, as pages.json carries them.
    const parts = catalogPages.pages.flatMap((page) => [
      { name: `${page.path} skeleton`, html: rendered(page.path, page.skeleton()) },
      ...('firstPaint' in page
        ? [{ name: `${page.path} first paint`, html: rendered(page.path, page.firstPaint()) }]
        : []),
    ]);
    const fields = parts.map(({ name, html }) => {
      const container = document.createElement('div');
      container.innerHTML = html;
      return [
        name,
        [...container.querySelectorAll('input[type="date"]')].map((input) => [
          input.getAttribute('name'),
          input.getAttribute('min'),
          input.getAttribute('max'),
        ]),
      ];
    });
    const searchFields = [
      ['pick_up_date', firstPaintDay(0), firstPaintDay(MAX_DAYS_AHEAD)],
      ['drop_off_date', firstPaintDay(0), null],
    ];
    expect(fields).toEqual([
      ['/ skeleton', searchFields],
      ['/ first paint', searchFields],
      ['/vehicles skeleton', searchFields],
      ['/vehicles first paint', searchFields],
      ['/vehicles/:vehicleId skeleton', []],
      ['/vehicles/:vehicleId first paint', []],
    ]);
    // No day at all is written in when the catalog is built.
    for (const { name, html } of parts) expect([name, html.match(/\d{4}-\d{2}-\d{2}/g)]).toEqual([name, null]);
  });
});
