import { render, screen } from '@testing-library/react';
import { BookedDates } from './booked-dates';

const today = '2026-12-10';

describe('BookedDates', () => {
  it('lists the ranges that end today or later, earliest first, as dd/mm/yyyy', () => {
    render(
      <BookedDates
        today={today}
        booked={[
          { pick_up_date: '2026-12-20', drop_off_date: '2026-12-22' },
          { pick_up_date: '2026-12-01', drop_off_date: '2026-12-09' },
          { pick_up_date: '2026-12-08', drop_off_date: '2026-12-10' },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Already booked' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Booked: 08/12/2026 → 10/12/2026',
      'Booked: 20/12/2026 → 22/12/2026',
    ]);
    expect(region).not.toHaveTextContent('01/12/2026');
  });

  it('says every date is open when asked to, and is left out otherwise', () => {
    const { rerender } = render(<BookedDates today={today} booked={[]} emptyText="Every date is open." />);
    expect(screen.getByRole('region', { name: 'Already booked' })).toHaveTextContent('Every date is open.');
    rerender(<BookedDates today={today} booked={[]} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
