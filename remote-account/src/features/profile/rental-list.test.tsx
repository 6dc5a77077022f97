import type { Rental } from '@rentora/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { RentalList } from './rental-list';

function rental(status: string, carName: string): Rental {
  return {
    car: {
      _id: carName.toLowerCase(),
      image_url: 'https://images.example/car.jpeg',
      brand_name: 'Porsche',
      car_name: carName,
    },
    pick_up_date: '2024-01-05',
    drop_off_date: '2024-01-09',
    status: status as Rental['status'],
    days: 5,
    total_price: 150000,
  };
}

function renderList(rentals: Rental[]) {
  render(
    <MemoryRouter>
      <RentalList rentals={rentals} onExplore={() => undefined} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('list')).getAllByRole('listitem');
}

describe('RentalList', () => {
  it('shows text only for expired and cancelled rentals, Change dates for started ones, and Cancel Rental too for any other status', () => {
    const [other, started, cancelled, expired] = renderList([
      rental('expired', '911 Carrera'),
      rental('cancelled', 'Cayenne'),
      rental('in_progress', 'Macan'),
      rental('booked', 'Panamera'),
    ]);

    expect(within(expired!).getByText('Rental Expired')).toBeVisible();
    expect(within(expired!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(cancelled!).getByText('Rental Cancelled')).toBeVisible();
    expect(within(cancelled!).queryByRole('button')).not.toBeInTheDocument();
    // Handed over by the desk: it can no longer be cancelled.
    expect(within(started!).getByText('Rental In Progress')).toBeVisible();
    expect(within(started!).queryByRole('button', { name: 'Cancel Rental' })).not.toBeInTheDocument();
    expect(within(started!).getByRole('button', { name: 'Change dates: Macan' })).toBeVisible();
    expect(within(other!).getByRole('button', { name: 'Cancel Rental' })).toBeVisible();
    expect(within(other!).getByRole('button', { name: 'Change dates: Panamera' })).toBeVisible();
  });

  it('shows each rental’s car, dates as day/month/year, days and total in rupees', () => {
    const [item] = renderList([rental('expired', '911 Carrera')]);
    expect(within(item!).getByText('Porsche')).toBeVisible();
    expect(within(item!).getByText('911 Carrera')).toBeVisible();
    expect(within(item!).getByText('05/01/2024 → 09/01/2024')).toBeVisible();
    expect(within(item!).getByText('5 days · ₹1,50,000')).toBeVisible();
  });

  it('reverses the received order without changing it', () => {
    const rentals = [rental('expired', 'First'), rental('expired', 'Second'), rental('expired', 'Third')];
    const items = renderList(rentals);
    expect(items.map((item) => within(item).getByText(/First|Second|Third/).textContent)).toEqual([
      'Third',
      'Second',
      'First',
    ]);
    expect(rentals.map((entry) => entry.car.car_name)).toEqual(['First', 'Second', 'Third']);
  });
});
