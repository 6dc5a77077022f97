import { randomUUID } from 'node:crypto';
import { addDays, businessToday, formatDisplayDate, formatPaise } from '@rentora/shared';
import type { AuditPage, OperatorVehicle, VehicleList } from '@rentora/shared/operator';
import { screen, waitFor, within } from '@testing-library/react';
import { operatorCall } from '../../lib/operator-api';
import { addDraftCar, adminToken, renderAt, SERVER, signInAs, signOut, toastMessages } from '../../testing/staff';
import { FLEET_PATH } from './fleet-api';
import { FleetPage } from './fleet-page';

jest.setTimeout(40_000);
afterEach(signOut);

/** The fleet page searched for `name`, with that car's form open. */
async function openForm(name: string) {
  const rendered = renderAt(`/operator/fleet?q=${encodeURIComponent(name)}`, <FleetPage />);
  const table = screen.getByRole('table', { name: 'Cars' });
  const row = (await within(table).findByText(name, undefined, SERVER)).closest('tr') as HTMLElement;
  await rendered.user.click(within(row).getByRole('button', { name: `Edit ${name}` }));
  return { ...rendered, form: screen.getByRole('dialog', { name: `Edit ${name}` }) };
}

/** The fleet's table once its reads after a change have come back. */
const settled = () =>
  waitFor(() => expect(screen.getByRole('table', { name: 'Cars' })).not.toHaveAttribute('aria-busy'), SERVER);

const readCar = async (id: string) =>
  (await operatorCall<VehicleList>('GET', `${FLEET_PATH}?q=${encodeURIComponent(id)}`)).items.find(
    (car) => car._id === id,
  ) as OperatorVehicle;

describe('the car form’s pricing rules', () => {
  it('saves date prices, length discounts, the deposit and the kilometres, and audits the change', async () => {
    await signInAs(adminToken());
    const car = await addDraftCar(`Test Rules ${randomUUID().slice(0, 6)}`);
    const { user, form } = await openForm(car.car_name);
    const start = addDays(businessToday(), 40);

    expect(within(form).getByText('Every day costs the price per day.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Add a date price' }));
    const festival = within(form).getByRole('group', { name: 'Date price 1' });
    await user.type(within(festival).getByLabelText('First day'), start);
    await user.type(within(festival).getByLabelText('Last day'), addDays(start, 4));
    await user.type(within(festival).getByLabelText('Daily price (₹)'), '45000');

    for (const [index, [days, percent]] of [
      ['3', '5'],
      ['7', '10'],
      ['30', '20'],
    ].entries()) {
      await user.click(within(form).getByRole('button', { name: 'Add a discount tier' }));
      const tier = within(form).getByRole('group', { name: `Discount tier ${index + 1}` });
      await user.type(within(tier).getByLabelText('From (days)'), days ?? '');
      await user.type(within(tier).getByLabelText('Percent off'), percent ?? '');
    }
    // Three tiers at most: the button says so instead of adding a fourth.
    expect(within(form).getByRole('button', { name: '3 tiers at most' })).toBeDisabled();

    for (const [label, value] of [
      ['Deposit (₹)', '10000'],
      ['Kilometres per day', '250'],
      ['Extra km price (₹)', '12'],
    ] as const) {
      await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText(label), value);
    }
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toastMessages()).toEqual([`success: ${car.car_name} saved.`]), SERVER);
    await settled();
    const saved = await readCar(car._id);
    expect(saved).toMatchObject({
      date_prices: [{ start_date: start, end_date: addDays(start, 4), price_per_day: 45000 }],
      length_discounts: [
        { min_days: 3, percent: 5 },
        { min_days: 7, percent: 10 },
        { min_days: 30, percent: 20 },
      ],
      deposit: 10000,
      km_per_day: 250,
      extra_km_price: 12,
    });
    const audit = await operatorCall<AuditPage>('GET', '/api/operator/audit');
    const entry = audit.items.find(
      (item) => item.subject === `vehicle:${car._id}` && item.action === 'vehicle.updated',
    );
    expect(entry?.after).toMatchObject({ deposit: 10000, km_per_day: 250, extra_km_price: 12 });
  });

  it('says what is wrong before sending, and shows the server’s 409 naming an overlapping range', async () => {
    await signInAs(adminToken());
    const car = await addDraftCar(`Test Overlap ${randomUUID().slice(0, 6)}`);
    const { user, form } = await openForm(car.car_name);
    const start = addDays(businessToday(), 50);

    await user.click(within(form).getByRole('button', { name: 'Add a date price' }));
    const first = within(form).getByRole('group', { name: 'Date price 1' });
    await user.type(within(first).getByLabelText('First day'), start);
    await user.type(within(first).getByLabelText('Last day'), addDays(start, -1));
    await user.type(within(first).getByLabelText('Daily price (₹)'), '40000');
    expect(within(first).getByLabelText('Last day')).toHaveAccessibleDescription(
      'A date price must end on or after its first day.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Check the pricing rules: the marked fields cannot be saved as they are.',
    );
    expect(toastMessages()).toEqual([]);

    await user.clear(within(first).getByLabelText('Last day'));
    await user.type(within(first).getByLabelText('Last day'), addDays(start, 3));
    await user.click(within(form).getByRole('button', { name: 'Add a date price' }));
    const second = within(form).getByRole('group', { name: 'Date price 2' });
    await user.type(within(second).getByLabelText('First day'), addDays(start, 3));
    await user.type(within(second).getByLabelText('Last day'), addDays(start, 6));
    await user.type(within(second).getByLabelText('Daily price (₹)'), '42000');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    const span = (from: string, to: string) => `${formatDisplayDate(from)} to ${formatDisplayDate(to)}`;
    await waitFor(
      () =>
        expect(within(form).getByRole('alert')).toHaveTextContent(
          `The date prices from ${span(start, addDays(start, 3))} and from ${span(addDays(start, 3), addDays(start, 6))} overlap: give each day one price.`,
        ),
      SERVER,
    );
    expect(form).toBeInTheDocument();
    expect((await readCar(car._id)).date_prices).toEqual([]);

    // Two tiers from the same day cannot stand together either.
    for (const index of [1, 2]) {
      await user.click(within(form).getByRole('button', { name: 'Add a discount tier' }));
      const tier = within(form).getByRole('group', { name: `Discount tier ${index}` });
      await user.type(within(tier).getByLabelText('From (days)'), '7');
      await user.type(within(tier).getByLabelText('Percent off'), String(index * 5));
    }
    expect(within(form).getByText('Give each length discount its own min_days.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Remove discount tier 2' }));
    expect(within(form).queryByText('Give each length discount its own min_days.')).not.toBeInTheDocument();
  });

  it('previews a quote from the server for sample dates', async () => {
    await signInAs(adminToken());
    // A seeded car in service with no rules, left as it is: a quote writes nothing.
    const car = await readCar('jaguar-xf');
    const { user, form } = await openForm(car.car_name);
    const preview = within(form).getByRole('region', { name: 'Preview a quote' });
    const pickUp = addDays(businessToday(), 30);
    await user.clear(within(preview).getByLabelText('Sample pick-up'));
    await user.type(within(preview).getByLabelText('Sample pick-up'), pickUp);
    await user.clear(within(preview).getByLabelText('Sample drop-off'));
    await user.type(within(preview).getByLabelText('Sample drop-off'), addDays(pickUp, 2));
    await user.click(within(preview).getByRole('button', { name: 'Preview quote' }));

    const quote = await within(preview).findByRole('table', { name: 'Sample quote' }, SERVER);
    const dayLine = within(quote).getByRole('rowheader', { name: 'Daily price' }).closest('tr') as HTMLElement;
    expect(dayLine).toHaveTextContent(`3 × ${formatPaise(car.price_per_day * 100)}`);
    expect(within(quote).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      formatPaise(3 * car.price_per_day * 100),
    );

    // Rules typed but not saved are not in a quote: the preview says so.
    await user.clear(within(form).getByLabelText('Deposit (₹)'));
    await user.type(within(form).getByLabelText('Deposit (₹)'), '5000');
    expect(preview).toHaveTextContent('save your changes to see them in a quote');
  });

  it('previews only a car in service, and shows the server’s refusal of sample dates', async () => {
    await signInAs(adminToken());
    // A draft is off the site: a customer could not book it, so it has no quote either.
    const draft = await addDraftCar(`Test Draft ${randomUUID().slice(0, 6)}`);
    const { user, form } = await openForm(draft.car_name);
    expect(within(form).queryByRole('region', { name: 'Preview a quote' })).not.toBeInTheDocument();
    expect(within(form).getByText('Once the car is in service, its form previews a quote.')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));

    const { car_name: name } = await readCar('jaguar-xf');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${name}{Enter}`);
    const table = screen.getByRole('table', { name: 'Cars' });
    const row = (await within(table).findByText(name, undefined, SERVER)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: `Edit ${name}` }));
    const preview = within(screen.getByRole('dialog', { name: `Edit ${name}` })).getByRole('region', {
      name: 'Preview a quote',
    });
    await user.clear(within(preview).getByLabelText('Sample drop-off'));
    await user.type(within(preview).getByLabelText('Sample drop-off'), addDays(businessToday(), 1));
    await user.clear(within(preview).getByLabelText('Sample pick-up'));
    await user.type(within(preview).getByLabelText('Sample pick-up'), addDays(businessToday(), 3));
    await user.click(within(preview).getByRole('button', { name: 'Preview quote' }));
    expect(await within(preview).findByRole('alert', undefined, SERVER)).toHaveTextContent(
      'Drop-off must be on or after pick-up.',
    );
  });
});
