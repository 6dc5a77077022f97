import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog } from '../../testing/render-catalog';

describe('HomePage', () => {
  it('shows the hero with its badge and heading', () => {
    renderCatalog('/');
    expect(screen.getByText('Trusted by 1,000+ happy riders!🌟')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Drive Your Dreams with Rentora' })).toBeVisible();
  });

  it('gets started on the fleet list', async () => {
    const user = userEvent.setup();
    renderCatalog('/');
    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search and Book the Best Rental Vehicles' }),
    ).toBeVisible();
  });

  it('offers the four categories, each opening the fleet filtered to it', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/');
    const section = screen.getByRole('region', { name: 'Explore Our Fleet' });
    const chips = within(section).getAllByRole('listitem');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Sedans', 'SUVs', 'Supercars', 'Coupe']);

    await user.click(within(section).getByRole('link', { name: 'Supercars' }));
    expect(router.location.search).toBe('?category=Sports');
    expect(await screen.findByText('5 Results')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Supercars' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows more of the fleet on View More', async () => {
    const user = userEvent.setup();
    const { router } = renderCatalog('/');
    await user.click(screen.getByRole('link', { name: 'View More' }));
    expect(router.location.pathname).toBe('/vehicles');
    expect(router.location.search).toBe('');
  });

  it('explains how it works in three steps', () => {
    renderCatalog('/');
    const section = screen.getByRole('region', { name: 'How It Works?' });
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Choose a Car',
      'Book the Car',
      'Rental Successful!',
    ]);
  });
});
