import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { BookedRange } from '../../types';
import { Calendar } from './calendar';
import { isDayChoosable, pickDay } from './pick-range';

const TODAY = '2026-12-10';
const BOOKED: BookedRange[] = [{ pick_up_date: '2026-12-12', drop_off_date: '2026-12-14' }];

const month = () => screen.getByText(/^[A-Z][a-z]+ \d{4}$/).textContent;
const day = (name: string) => screen.getByRole('gridcell', { name });

/** The calendar as the booking wizard uses it: clicks pick a range, booked days refuse. */
function Picker({ onRange }: { onRange?: (range: BookedRange) => void }) {
  const [range, setRange] = useState<BookedRange>({ pick_up_date: '', drop_off_date: '' });
  return (
    <Calendar
      label="Choose your dates"
      today={TODAY}
      booked={BOOKED}
      selected={range}
      isChoosable={(date) => isDayChoosable(date, range, BOOKED, TODAY)}
      onChoose={(date) => {
        const next = pickDay(range, date);
        setRange(next);
        onRange?.(next);
      }}
    />
  );
}

describe('Calendar', () => {
  it('is a grid named by its label, showing the month of today with six weeks of days', () => {
    render(<Calendar label="Availability" today={TODAY} booked={[]} />);
    const grid = screen.getByRole('grid', { name: 'Availability' });
    expect(month()).toBe('December 2026');
    expect(within(grid).getAllByRole('row')).toHaveLength(7);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(within(grid).getAllByRole('gridcell', { name: /December 2026/ })).toHaveLength(31);
  });

  it('marks booked days and today in their names, mutes past days and highlights a chosen range', () => {
    render(
      <Calendar
        label="Availability"
        today={TODAY}
        booked={BOOKED}
        selected={{ pick_up_date: '2026-12-20', drop_off_date: '2026-12-22' }}
      />,
    );
    for (const date of [12, 13, 14]) expect(day(`${date} December 2026, booked`)).toBeInTheDocument();
    expect(day('11 December 2026')).toBeInTheDocument();
    expect(day('10 December 2026, today')).toBeInTheDocument();
    expect(day('9 December 2026').className).toMatch(/past/);
    expect(day('20 December 2026, pick-up')).toHaveAttribute('aria-selected', 'true');
    expect(day('21 December 2026')).toHaveAttribute('aria-selected', 'true');
    expect(day('22 December 2026, drop-off')).toHaveAttribute('aria-selected', 'true');
    expect(day('23 December 2026')).toHaveAttribute('aria-selected', 'false');
  });

  it('opens on the month of a chosen range', () => {
    render(
      <Calendar
        label="Availability"
        today={TODAY}
        booked={[]}
        selected={{ pick_up_date: '2027-02-03', drop_off_date: '2027-02-05' }}
      />,
    );
    expect(month()).toBe('February 2027');
  });

  it('pages through months with its buttons', async () => {
    const user = userEvent.setup();
    render(<Calendar label="Availability" today={TODAY} booked={BOOKED} />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(month()).toBe('January 2027');
    expect(day('1 January 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(month()).toBe('November 2026');
  });

  it('keeps one day in the tab order and moves it with arrows, Page Up/Down, Home and End', async () => {
    const user = userEvent.setup();
    render(<Calendar label="Availability" today={TODAY} booked={BOOKED} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous month' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(day('10 December 2026, today')).toHaveFocus();
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{ArrowRight}');
    expect(day('11 December 2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('18 December 2026')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(day('10 December 2026, today')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('7 December 2026')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('13 December 2026, booked')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(month()).toBe('January 2027');
    expect(day('13 January 2027')).toHaveFocus();
    await user.keyboard('{PageUp}{PageUp}');
    expect(day('13 November 2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(month()).toBe('December 2026');
    expect(day('4 December 2026')).toHaveFocus();
  });

  it('picks a range with Enter and clicks, refusing booked days and ranges across them', async () => {
    const user = userEvent.setup();
    const ranges: BookedRange[] = [];
    render(<Picker onRange={(range) => ranges.push(range)} />);
    await user.click(day('12 December 2026, booked'));
    expect(ranges).toEqual([]);
    expect(day('12 December 2026, booked')).toHaveAttribute('aria-disabled', 'true');
    expect(day('9 December 2026')).toHaveAttribute('aria-disabled', 'true');

    await user.click(day('11 December 2026'));
    expect(ranges.at(-1)).toEqual({ pick_up_date: '2026-12-11', drop_off_date: '' });
    expect(day('16 December 2026')).toHaveAttribute('aria-disabled', 'true');
    await user.click(day('16 December 2026'));
    expect(ranges).toHaveLength(1);

    await user.click(day('15 December 2026'));
    await user.click(day('11 December 2026, pick-up'));
    expect(ranges.at(-1)).toEqual({ pick_up_date: '2026-12-11', drop_off_date: '2026-12-11' });

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{Enter}');
    expect(ranges.at(-1)).toEqual({ pick_up_date: '2026-12-15', drop_off_date: '' });
    await user.keyboard('{ArrowRight}{ArrowRight}{ }');
    expect(ranges.at(-1)).toEqual({ pick_up_date: '2026-12-15', drop_off_date: '2026-12-17' });
    expect(day('15 December 2026, pick-up')).toHaveAttribute('aria-selected', 'true');
    expect(day('17 December 2026, drop-off')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('isDayChoosable', () => {
  const none = { pick_up_date: '', drop_off_date: '' };
  it('allows a pick-up from today to 180 days ahead, never on a booked day', () => {
    expect(isDayChoosable('2026-12-09', none, BOOKED, TODAY)).toBe(false);
    expect(isDayChoosable(TODAY, none, BOOKED, TODAY)).toBe(true);
    expect(isDayChoosable('2026-12-13', none, BOOKED, TODAY)).toBe(false);
    expect(isDayChoosable('2027-06-08', none, BOOKED, TODAY)).toBe(true);
    expect(isDayChoosable('2027-06-09', none, BOOKED, TODAY)).toBe(false);
  });

  it('allows a drop-off up to 30 days long, past the 180th day too, but never across a booking', () => {
    const late = { pick_up_date: '2027-06-01', drop_off_date: '' };
    expect(isDayChoosable('2027-06-30', late, [], TODAY)).toBe(true);
    expect(isDayChoosable('2027-07-01', late, [], TODAY)).toBe(false);
    const beforeBooking = { pick_up_date: '2026-12-10', drop_off_date: '' };
    expect(isDayChoosable('2026-12-11', beforeBooking, BOOKED, TODAY)).toBe(true);
    expect(isDayChoosable('2026-12-15', beforeBooking, BOOKED, TODAY)).toBe(false);
  });
});
