import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type Column, type Sort } from './data-table';

interface Car {
  name: string;
  price: number;
}

const CARS: Car[] = [
  { name: 'Jaguar F-Type', price: 42000 },
  { name: 'BMW 7 Series', price: 38000 },
];

const COLUMNS: Column<Car>[] = [
  { header: 'Car', sortKey: 'car_name', cell: (car) => car.name },
  { header: 'Price per day', sortKey: 'price_per_day', numeric: true, cell: (car) => String(car.price) },
  { header: 'Type', cell: () => 'Coupe' },
];

/** The table as a page holds it: the sort in its state (a page keeps it in the URL). */
function SortableCars({ rows = CARS, onEdit = () => {} }: { rows?: Car[]; onEdit?: (car: Car) => void }) {
  const [sort, setSort] = useState<Sort>({ key: 'car_name', order: 'asc' });
  return (
    <>
      <DataTable
        caption="Cars"
        columns={COLUMNS}
        rows={rows}
        rowKey={(car) => car.name}
        sort={sort}
        onSort={setSort}
        empty="No car matches these filters."
        actions={(car) => (
          <div>
            <button type="button" onClick={() => onEdit(car)}>
              Edit {car.name}
            </button>
          </div>
        )}
      />
      <p>{`Sorted by ${sort.key} ${sort.order}`}</p>
    </>
  );
}

describe('DataTable', () => {
  it('is a table named by its caption, with a column header for each column and the actions', () => {
    render(<SortableCars />);
    const table = screen.getByRole('table', { name: 'Cars' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Car', 'Price per day', 'Type', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('cell', { name: 'Jaguar F-Type' })).toBeVisible();
  });

  it('marks the sorted column with aria-sort, and a press on a header’s button sorts by it, then turns the order', async () => {
    const user = userEvent.setup();
    render(<SortableCars />);
    const header = (name: string) => screen.getByRole('columnheader', { name });

    expect(header('Car')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Price per day')).not.toHaveAttribute('aria-sort');
    expect(within(header('Type')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Price per day' }));
    expect(header('Price per day')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Car')).not.toHaveAttribute('aria-sort');
    expect(screen.getByText('Sorted by price_per_day asc')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Price per day' }));
    expect(header('Price per day')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Sorted by price_per_day desc')).toBeVisible();
  });

  it('is used from the keyboard: Tab reaches the sort buttons and the row actions, Enter presses them', async () => {
    const user = userEvent.setup();
    const onEdit = jest.fn();
    render(<SortableCars onEdit={onEdit} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Car' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Car' })).toHaveAttribute('aria-sort', 'descending');

    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Jaguar F-Type' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(CARS[0]);
  });

  it('labels each cell with its column’s header, for the cards it becomes on a phone', () => {
    render(<SortableCars />);
    const [, firstRow] = screen.getAllByRole('row');
    expect(
      within(firstRow!)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Car', 'Price per day', 'Type', 'Actions']);
  });

  it('says so when there are no rows', () => {
    render(<SortableCars rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No car matches these filters.' })).toBeVisible();
  });
});
