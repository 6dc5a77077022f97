import type { NewVehicle } from '../operator';

/** A car an operator may add: every field valid, so a test changes only what it is about. */
export function newCar(overrides: Partial<NewVehicle> = {}): NewVehicle {
  return {
    car_name: 'Tata Harrier EV',
    brand_name: 'Tata',
    car_type: 'SUV',
    seating_capacity: 5,
    price_per_day: 9000,
    image_url: 'https://images.pexels.com/photos/3752169/pexels-photo-3752169.jpeg',
    location: 'Pune',
    customer_ratings: 4.5,
    description: 'An electric SUV for long Deccan drives.',
    model_year: 2025,
    average: 6,
    fuel_type: 'Electric',
    engine: 'Dual motor',
    transmission: 'Automatic',
    license_plate: 'mh 12 ab 1234',
    status: 'in_service',
    ...overrides,
  };
}
