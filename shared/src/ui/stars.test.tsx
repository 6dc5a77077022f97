import { render, screen } from '@testing-library/react';
import { Stars, starFills } from './stars';

describe('starFills', () => {
  it.each([
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
    [2.5, ['full', 'full', 'half', 'empty', 'empty']],
    [4.3, ['full', 'full', 'full', 'full', 'half']],
    [4.7, ['full', 'full', 'full', 'full', 'half']],
    [4.8, ['full', 'full', 'full', 'full', 'full']],
    [5, ['full', 'full', 'full', 'full', 'full']],
  ])('shows %s as %j', (rating, fills) => {
    expect(starFills(rating)).toEqual(fills);
  });

  it('keeps ratings outside 0–5 on the scale', () => {
    expect(starFills(-1)).toEqual(starFills(0));
    expect(starFills(7)).toEqual(starFills(5));
  });
});

describe('Stars', () => {
  it('shows the number and names the rating for assistive technology', () => {
    render(<Stars rating={4.7} />);
    expect(screen.getByRole('img', { name: 'Rated 4.7 out of 5' })).toHaveTextContent('4.7');
  });
});
