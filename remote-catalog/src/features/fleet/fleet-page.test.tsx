import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog } from '../../testing/render-catalog';

const FLEET_SIZE = 46;

// Each step re-renders the whole fleet of 46 cards, slow in jsdom on a busy machine.
jest.setTimeout(20_000);

async function findCarNames() {
  const list = await screen.findByRole('list', { name: 'Cars' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
}

describe('FleetPage', () => {
  it('shows three skeleton cards, then every car', async () => {
    renderCatalog('/vehicles');
    const loading = screen.getByRole('list', { name: 'Loading cars' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(3);

    expect(await screen.findByText(`${FLEET_SIZE} Results`)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Loading cars' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Search and Book the Best Rental Vehicles' })).toBeVisible();
  });

  it('shows each car’s picture, brand, name, price per day and a link to its details', async () => {
    renderCatalog('/vehicles');
    const card = (await screen.findAllByRole('article'))[0]!;
    expect(within(card).getByRole('heading', { name: 'Mercedes Benz S Class' })).toBeVisible();
    expect(within(card).getByText('Mercedes Benz')).toBeVisible();
    expect(within(card).getByText('₹25000/day')).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Mercedes Benz S Class' })).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Check Details' })).toHaveAttribute(
      'href',
      '/vehicles/mercedes-benz-s-class',
    );
  });

  it('fetches the first card’s photo first: it is usually the page’s largest paint', async () => {
    renderCatalog('/vehicles');
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
    expect(within(second!).getByRole('img')).not.toHaveAttribute('fetchpriority');
  });

  it('searches car names after trimming, whatever the case', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles');
    const search = await screen.findByRole('searchbox', { name: 'Search by car name' });
    expect(search).toHaveAttribute('name', 'search');

    await user.click(search);
    await user.paste('  fErRaRi  ');
    expect(screen.getByText('2 Results')).toBeVisible();
    expect(await findCarNames()).toEqual(['Ferrari 488', 'Ferrari Roma']);

    await user.clear(search);
    await user.paste('ROLLS');
    expect(screen.getByText('1 Result')).toBeVisible();

    await user.clear(search);
    await user.paste('tractor');
    expect(screen.getByText('0 Results')).toBeVisible();
    expect(screen.getByText('No cars found!')).toBeVisible();
  });

  it('sorts by id, highest price or lowest price', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles');
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Price(Relevance)', 'Price(Highest)', 'Price(Lowest)']);
    expect(sort).toHaveValue('relevance');
    expect((await findCarNames()).slice(0, 2)).toEqual(['Mercedes Benz S Class', 'Jaguar F-Type']);

    await user.selectOptions(sort, 'Price(Highest)');
    expect((await findCarNames()).slice(0, 2)).toEqual(['Lamborghini Aventador', 'Ferrari 488']);

    await user.selectOptions(sort, 'Price(Lowest)');
    expect((await findCarNames()).slice(0, 2)).toEqual(['Mahindra Thar', 'Nissan Kicks']);

    await user.selectOptions(sort, 'Price(Relevance)');
    expect((await findCarNames())[0]).toBe('Mercedes Benz S Class');
  });

  it('keeps search, sort and category in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/vehicles?q=bmw&sort=lowest');
    expect(await screen.findByText('4 Results')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search by car name' })).toHaveValue('bmw');
    expect(await findCarNames()).toEqual(['BMW X5', 'BMW 3 Series', 'BMW X1', 'BMW 7 Series']);

    await user.click(screen.getByRole('button', { name: 'SUVs' }));
    expect(screen.getByText('2 Results')).toBeVisible();
    expect(router.location.search).toBe('?q=bmw&sort=lowest&category=SUV');
  });

  it('filters by category and offers a way back to every car', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles?category=Sports');
    expect(await screen.findByText('5 Results')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Supercars' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'All cars' }));
    expect(screen.getByText(`${FLEET_SIZE} Results`)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Supercars' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens a car’s detail page from its card', async () => {
    const user = userEvent.setup();
    renderCatalog('/vehicles?q=urus');
    await user.click(await screen.findByRole('link', { name: 'Check Details' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lamborghini Urus' })).toBeVisible();
  });

  it('fetches the list only once per page session', async () => {
    const user = userEvent.setup();
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const { router } = renderCatalog('/vehicles?q=audi%20a8');
      await user.click(await screen.findByRole('link', { name: 'Check Details' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Audi A8' })).toBeVisible();
      act(() => router.back());
      expect(await screen.findByText('1 Result')).toBeVisible();
      const listCalls = fetchSpy.mock.calls.filter(([input]) =>
        (input instanceof Request ? input.url : input.toString()).endsWith('/api/vehicles'),
      );
      expect(listCalls.length).toBeLessThanOrEqual(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
