import { randomUUID } from 'node:crypto';
import { addDays, businessToday, formatDisplayDate } from '@rentora/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditPage } from '@rentora/shared/operator';
import { operatorCall } from '../../lib/operator-api';
import {
  addDraftCar,
  adminToken,
  bookAs,
  registerCustomer,
  registerOperator,
  renderAt,
  SERVER,
  signInAs,
  signOut,
  toastMessages,
} from '../../testing/staff';
import { vehiclePath } from './fleet-api';
import { FleetPage } from './fleet-page';

jest.setTimeout(40_000);
afterEach(signOut);

const carsTable = () => screen.getByRole('table', { name: 'Cars' });
/** The price column's rupees in a row. */
const priceIn = (row: HTMLElement) => Number(within(row).getAllByRole('cell')[3]?.textContent?.replace(/\D/g, ''));

const rowOf = async (name: string) =>
  (await within(carsTable()).findByText(name, undefined, SERVER)).closest('tr') as HTMLElement;

describe('FleetPage', () => {
  it('lists every car, sorted by the server when a header’s button is pressed', async () => {
    await signInAs((await registerOperator()).token);
    const { user } = renderAt('/operator/fleet?sort=price_per_day&order=desc', <FleetPage />);

    const rows = await waitFor(() => {
      const found = within(carsTable()).getAllByRole('row').slice(1);
      expect(found).toHaveLength(20);
      return found;
    }, SERVER);
    expect(screen.getByRole('columnheader', { name: 'Price per day' })).toHaveAttribute('aria-sort', 'descending');
    const prices = rows.map((row) => priceIn(row));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(screen.getByRole('navigation', { name: 'Pages of cars' })).toHaveTextContent(/^1–20 of \d+ cars/);

    await user.click(screen.getByRole('button', { name: 'Price per day' }));
    expect(screen.getByRole('columnheader', { name: 'Price per day' })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => {
      const ascending = within(carsTable())
        .getAllByRole('row')
        .slice(1)
        .map((row) => priceIn(row));
      expect(ascending[0]).toBeLessThan(prices[0] ?? 0);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    }, SERVER);
  });

  it('adds a car through the form, as a draft', async () => {
    await signInAs(adminToken());
    const { user } = renderAt('/operator/fleet', <FleetPage />);
    const name = `Test Coupe ${randomUUID().slice(0, 6)}`;

    await user.click(screen.getByRole('button', { name: 'Add a car' }));
    const form = screen.getByRole('dialog', { name: 'Add a car' });
    // Fields come in named groups, so a screen reader says which part of the form a field is in.
    const listing = within(form).getByRole('group', { name: 'Listing' });
    expect(within(listing).getByLabelText('Status')).toHaveValue('in_service');
    expect(within(form).getByRole('group', { name: 'Photo and description' })).toContainElement(
      within(form).getByLabelText('Description'),
    );
    const fill = (label: string, value: string) => user.type(within(form).getByLabelText(label), value);
    await fill('Name', name);
    await fill('Brand', 'Porsche');
    await fill('Licence plate', `KA 01 TC ${1000 + Math.floor(Math.random() * 8999)}`);
    await fill('Location', 'Bangalore');
    await fill('Price per day (₹)', '41000');
    await fill('Seats', '2');
    await fill('Model year', '2024');
    await fill('Mileage (km/l)', '9.5');
    await fill('Fuel', 'Petrol');
    await fill('Engine', '2981 cc');
    await fill('Transmission', 'Automatic');
    await user.clear(within(form).getByLabelText('Rating (0–5)'));
    await fill('Rating (0–5)', '4.8');
    await fill('Photo address (https)', 'https://images.pexels.com/photos/3752169/pexels-photo-3752169.jpeg');
    await user.selectOptions(within(form).getByLabelText('Type'), 'Coupe');
    await user.selectOptions(within(form).getByLabelText('Status'), 'draft');
    await fill('Description', 'A two-seat coupe for the component tests.');
    await user.click(within(form).getByRole('button', { name: 'Add car' }));

    await waitFor(() => expect(toastMessages()).toEqual([`success: ${name} added.`]), SERVER);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${name}{Enter}`);
    expect(await rowOf(name)).toHaveTextContent('Draft');
  });

  it('shows the server’s refusal in the form, naming the field, and keeps what was typed', async () => {
    await signInAs(adminToken());
    const { user } = renderAt('/operator/fleet', <FleetPage />);
    await user.click(screen.getByRole('button', { name: 'Add a car' }));
    const form = screen.getByRole('dialog', { name: 'Add a car' });
    for (const label of ['Name', 'Brand', 'Licence plate', 'Location', 'Fuel', 'Engine', 'Transmission']) {
      await user.type(within(form).getByLabelText(label), 'X');
    }
    for (const label of ['Price per day (₹)', 'Seats', 'Mileage (km/l)']) {
      await user.type(within(form).getByLabelText(label), '3');
    }
    await user.type(within(form).getByLabelText('Model year'), '1899');
    await user.type(within(form).getByLabelText('Photo address (https)'), 'https://images.pexels.com/photos/1/a.jpeg');
    await user.type(within(form).getByLabelText('Description'), 'Too old a car.');
    await user.click(within(form).getByRole('button', { name: 'Add car' }));

    expect(await within(form).findByRole('alert', undefined, SERVER)).toHaveTextContent('model_year must be >= 1900.');
    // Said once, in the form: no toast repeats it over the form's buttons.
    expect(toastMessages()).toEqual([]);
    expect(within(form).getByLabelText('Name')).toHaveValue('X');
  });

  it('retires a car after a confirmation, and offers no move after it', async () => {
    await signInAs(adminToken());
    const car = await addDraftCar(`Test Sedan ${randomUUID().slice(0, 6)}`);
    const { user } = renderAt(`/operator/fleet?q=${encodeURIComponent(car.car_name)}`, <FleetPage />);

    const row = await rowOf(car.car_name);
    expect(within(row).getByRole('button', { name: `Put in service: ${car.car_name}` })).toBeVisible();
    await user.click(within(row).getByRole('button', { name: `Retire: ${car.car_name}` }));
    const dialog = screen.getByRole('dialog', { name: 'Retire?' });
    expect(dialog).toHaveTextContent('Retiring is final');
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Sold at auction');
    await user.click(within(dialog).getByRole('button', { name: 'Retire' }));

    await waitFor(() => expect(toastMessages()).toEqual([`success: ${car.car_name}: Retired.`]), SERVER);
    await waitFor(() => expect(row).toHaveTextContent('Retired'), SERVER);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    const audit = await operatorCall<AuditPage>('GET', '/api/operator/audit');
    expect(audit.items.find((entry) => entry.subject === `vehicle:${car._id}`)).toMatchObject({
      action: 'vehicle.status_changed',
      after: { status: 'retired', reason: 'Sold at auction' },
    });
  });

  it('lists the rentals that keep a car on the road, and cancels them with the move when asked', async () => {
    await signInAs(adminToken());
    // A seeded car no other suite looks at: out of service it is still public, so the fleet stays 46.
    const car = { _id: 'maserati-granturismo', car_name: 'Maserati GranTurismo' };
    const customer = await registerCustomer('Kabir Sethi');
    // Far ahead and random, as other suites booking in this run do, so nothing clashes.
    const start = addDays(businessToday(), 60 + Math.floor(Math.random() * 100));
    const range = { pick_up_date: start, drop_off_date: addDays(start, 2) };
    await bookAs(customer, car._id, range);
    const { user } = renderAt(`/operator/fleet?q=${encodeURIComponent(car.car_name)}`, <FleetPage />);

    await user.click(
      within(await rowOf(car.car_name)).getByRole('button', { name: `Take out of service: ${car.car_name}` }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Take out of service?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Gearbox fault');
    await user.click(within(dialog).getByRole('button', { name: 'Take out of service' }));

    const rentals = await within(dialog).findByRole('list', { name: 'Upcoming rentals' }, SERVER);
    const listed = within(rentals).getAllByRole('listitem');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toHaveTextContent(
      new RegExp(
        `^Kabir Sethi#\\d+ · ${formatDisplayDate(range.pick_up_date)} → ${formatDisplayDate(range.drop_off_date)}$`,
      ),
    );
    // The dialog shows the refusal; no toast repeats it in the API's words.
    expect(toastMessages()).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: /Cancel these rentals too/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Take out of service and cancel them' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), SERVER);
    expect(toastMessages()).toContain(`success: ${car.car_name}: Out of service.`);
    await waitFor(
      () => expect(within(carsTable()).getByText(car.car_name).closest('tr')).toHaveTextContent('Out of service'),
      SERVER,
    );

    await operatorCall('PATCH', vehiclePath(car._id), { status: 'in_service' });
  });

  it('blocks a car’s days on the calendar, lists the block and removes it', async () => {
    await signInAs(adminToken());
    const car = await addDraftCar(`Test Estate ${randomUUID().slice(0, 6)}`);
    const { user } = renderAt(`/operator/fleet?q=${encodeURIComponent(car.car_name)}`, <FleetPage />);
    const start = addDays(businessToday(), 10);
    const end = addDays(start, 2);

    await user.click(within(await rowOf(car.car_name)).getByRole('button', { name: `Blocks of ${car.car_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Blocks of ${car.car_name}` }, SERVER);
    expect(within(dialog).getByRole('grid', { name: `Blocks of ${car.car_name}` })).toBeVisible();
    expect(await within(dialog).findByText('No blocks.', undefined, SERVER)).toBeVisible();

    await user.type(within(dialog).getByLabelText('First day'), start);
    await user.type(within(dialog).getByLabelText('Last day'), end);
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'detailing');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Ceramic coat');
    await user.click(within(dialog).getByRole('button', { name: 'Block these days' }));

    const range = `${formatDisplayDate(start)} → ${formatDisplayDate(end)}`;
    await waitFor(() => expect(toastMessages()).toEqual([`success: ${car.car_name} blocked ${range}.`]), SERVER);
    const blocks = within(dialog).getByRole('list', { name: 'Upcoming blocks' });
    await waitFor(() => expect(blocks).toHaveTextContent(`${range} · Detailing · Ceramic coat`), SERVER);

    await user.click(within(blocks).getByRole('button', { name: `Remove the block ${range}` }));
    await waitFor(() => expect(toastMessages()).toContain(`success: Block ${range} removed.`), SERVER);
    expect(await within(dialog).findByText('No blocks.', undefined, SERVER)).toBeVisible();
  });

  it('refuses a block over another one, with the server’s message', async () => {
    await signInAs(adminToken());
    const car = await addDraftCar(`Test Hatch ${randomUUID().slice(0, 6)}`);
    const start = addDays(businessToday(), 20);
    const { user } = renderAt(`/operator/fleet?q=${encodeURIComponent(car.car_name)}`, <FleetPage />);
    await user.click(within(await rowOf(car.car_name)).getByRole('button', { name: `Blocks of ${car.car_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Blocks of ${car.car_name}` }, SERVER);

    for (const attempt of [1, 2]) {
      await user.clear(within(dialog).getByLabelText('First day'));
      await user.type(within(dialog).getByLabelText('First day'), start);
      await user.clear(within(dialog).getByLabelText('Last day'));
      await user.type(within(dialog).getByLabelText('Last day'), addDays(start, attempt));
      await user.click(within(dialog).getByRole('button', { name: 'Block these days' }));
      await waitFor(() => expect(toastMessages()).toHaveLength(attempt), SERVER);
    }
    expect(toastMessages()).toEqual([
      `success: ${car.car_name} blocked ${formatDisplayDate(start)} → ${formatDisplayDate(addDays(start, 1))}.`,
      `error: These days overlap another block, from ${formatDisplayDate(start)} to ${formatDisplayDate(addDays(start, 1))}.`,
    ]);
  });

  it('says a block is too long before sending it', async () => {
    await signInAs(adminToken());
    const car = await addDraftCar(`Test Van ${randomUUID().slice(0, 6)}`);
    const start = addDays(businessToday(), 1);
    const { user } = renderAt(`/operator/fleet?q=${encodeURIComponent(car.car_name)}`, <FleetPage />);
    await user.click(within(await rowOf(car.car_name)).getByRole('button', { name: `Blocks of ${car.car_name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Blocks of ${car.car_name}` }, SERVER);

    await user.type(within(dialog).getByLabelText('First day'), start);
    await user.type(within(dialog).getByLabelText('Last day'), addDays(start, 180));
    await user.click(within(dialog).getByRole('button', { name: 'Block these days' }));

    expect(toastMessages()).toEqual(['error: A block can last at most 180 days.']);
    expect(await within(dialog).findByText('No blocks.', undefined, SERVER)).toBeVisible();
  });
});
