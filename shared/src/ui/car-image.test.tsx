import { fireEvent, render, screen } from '@testing-library/react';
import { CarImage, carImageUrl } from './car-image';

const PHOTO = 'https://images.pexels.com/photos/1/pexels-photo-1.jpeg';

describe('carImageUrl', () => {
  it('appends the size parameters to the stock-photo URL', () => {
    expect(carImageUrl(PHOTO, { width: 640, height: 400, dpr: 2 })).toBe(
      `${PHOTO}?auto=compress&cs=tinysrgb&w=640&h=400&dpr=2`,
    );
  });

  it('replaces size parameters the URL already carries', () => {
    expect(carImageUrl(`${PHOTO}?w=10`, { width: 320, height: 200 })).toBe(
      `${PHOTO}?auto=compress&cs=tinysrgb&w=320&h=200&dpr=1`,
    );
  });
});

describe('CarImage', () => {
  it('asks for a sized, compressed photo with responsive candidates', () => {
    render(<CarImage src={PHOTO} alt="Audi Q7" width={400} sizes="(max-width: 600px) 100vw, 400px" />);
    const image = screen.getByRole('img', { name: 'Audi Q7' });
    expect(image).toHaveAttribute('src', `${PHOTO}?auto=compress&cs=tinysrgb&w=400&h=250&dpr=1`);
    expect(image).toHaveAttribute('sizes', '(max-width: 600px) 100vw, 400px');
    expect(image.getAttribute('srcset')).toContain(`${PHOTO}?auto=compress&cs=tinysrgb&w=800&h=500&dpr=1 800w`);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '250');
  });

  it('loads eagerly and first when asked to', () => {
    render(<CarImage src={PHOTO} alt="Audi Q7" width={800} loading="eager" fetchPriority="high" />);
    const image = screen.getByRole('img', { name: 'Audi Q7' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('draws a car in place of a photo that fails to load', () => {
    render(<CarImage src={PHOTO} alt="Audi Q7" width={400} />);
    fireEvent.error(screen.getByRole('img', { name: 'Audi Q7' }));
    const fallback = screen.getByRole('img', { name: 'Audi Q7' });
    expect(fallback.tagName.toLowerCase()).toBe('svg');
  });

  it('tries a new photo again after an earlier one failed', () => {
    const { rerender } = render(<CarImage src={PHOTO} alt="Audi Q7" width={400} />);
    fireEvent.error(screen.getByRole('img', { name: 'Audi Q7' }));
    rerender(<CarImage src={`${PHOTO}2`} alt="Audi Q8" width={400} />);
    expect(screen.getByRole('img', { name: 'Audi Q8' }).tagName.toLowerCase()).toBe('img');
  });
});
