import { firstPaintField } from '@rentora/shared';
import { within } from '@testing-library/react';
import { renderFirstPaints } from './first-paint';

/** A first paint as the page holds it. */
function painted(html: string | undefined): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html ?? '';
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the catalog’s first paints', () => {
  it('paints the car page with a token for each field it shows, for the server to write in', () => {
    const page = painted(renderFirstPaints()['./VehicleDetailPage']);
    const view = within(page);
    expect(view.getByRole('heading', { level: 1 })).toHaveTextContent(firstPaintField('car_name'));
    expect(view.getByText(firstPaintField('description'))).toBeInTheDocument();
    expect(view.getByText(firstPaintField('brand_name'))).toBeInTheDocument();
    expect(view.getByText(firstPaintField('location'))).toBeInTheDocument();
    expect(view.getByText(`₹${firstPaintField('price_per_day')}`)).toBeInTheDocument();
    expect(page.querySelector('title')).toHaveTextContent(`${firstPaintField('car_name')} - Rentora`);
    expect(page.querySelector('img')?.getAttribute('src')).toMatch(/^\{data:image_url\}\?/);
  });

  it('paints the fleet’s first row as cards of the first three cars, the first photo fetched first', () => {
    const page = painted(renderFirstPaints()['./FleetPage']);
    const cards = within(page).getAllByRole('article');
    expect(cards).toHaveLength(3);
    cards.forEach((card, index) => {
      const car = within(card);
      expect(car.getByRole('heading', { level: 2 })).toHaveTextContent(firstPaintField(`${index}.car_name`));
      expect(car.getByText(firstPaintField(`${index}.brand_name`))).toBeInTheDocument();
      expect(car.getByText(`₹${firstPaintField(`${index}.price_per_day`)}/day`)).toBeInTheDocument();
      expect(car.getByRole('link', { name: 'Check Details' })).toHaveAttribute(
        'href',
        `/vehicles/${firstPaintField(`${index}._id`)}`,
      );
    });
    expect(cards[0]?.querySelector('img')).toHaveAttribute('fetchpriority', 'high');
    expect(cards[0]?.querySelector('img')).toHaveAttribute('loading', 'eager');
    // On a phone the others are hidden below the fold (fleet-page.module.css): lazy, they are not fetched.
    for (const card of cards.slice(1)) {
      expect(card.querySelector('img')).not.toHaveAttribute('fetchpriority');
      expect(card.querySelector('img')).toHaveAttribute('loading', 'lazy');
    }
    expect(within(page).queryByRole('list', { name: 'Loading cars' })).not.toBeInTheDocument();
  });

  it('holds the cards’ text back until the web fonts are in', () => {
    const page = painted(renderFirstPaints()['./FleetPage']);
    for (const name of within(page).getAllByRole('heading', { level: 2 })) {
      expect(name.closest('[data-waits-for-fonts]')).not.toBeNull();
    }
  });

  it('leaves what the reader’s session or the car’s calendar decide to the catalog’s own render', () => {
    const view = within(painted(renderFirstPaints()['./VehicleDetailPage']));
    expect(view.queryByRole('button', { name: /Book A Ride|Unavailable/ })).not.toBeInTheDocument();
    expect(view.queryByText(/not logged in/)).not.toBeInTheDocument();
    expect(view.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(view.queryByRole('heading', { name: 'Specs' })).not.toBeInTheDocument();
    expect(view.queryByText('Availability')).not.toBeInTheDocument();
  });

  it('holds the car’s text back until the web fonts are in, so its lines never rewrap on screen', () => {
    const page = painted(renderFirstPaints()['./VehicleDetailPage']);
    const heading = within(page).getByRole('heading', { level: 1 });
    expect(heading.closest('[data-waits-for-fonts]')).not.toBeNull();
  });
});
