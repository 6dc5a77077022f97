import { render, screen } from '@testing-library/react';
import { Eyebrow } from './eyebrow';

describe('Eyebrow', () => {
  it('is a paragraph of gold text by default', () => {
    render(<Eyebrow>Rentora</Eyebrow>);
    const eyebrow = screen.getByText('Rentora');
    expect(eyebrow.tagName).toBe('P');
    expect(eyebrow).toHaveClass('eyebrow', 'accent');
    expect(eyebrow).not.toHaveClass('ruled');
  });

  it('takes the soft tone, the gold rule and the caller’s own layout class', () => {
    render(
      <Eyebrow tone="soft" ruled className="spaced">
        The Rentora fleet
      </Eyebrow>,
    );
    const eyebrow = screen.getByText('The Rentora fleet');
    expect(eyebrow).toHaveClass('eyebrow', 'soft', 'ruled', 'spaced');
    expect(eyebrow).not.toHaveClass('accent');
  });

  it('passes other attributes through, such as hiding a decorative brand', () => {
    render(<Eyebrow aria-hidden="true">Rentora</Eyebrow>);
    expect(screen.getByText('Rentora')).toHaveAttribute('aria-hidden', 'true');
  });
});
