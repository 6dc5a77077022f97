import type { VehicleType } from '@rentora/shared';
import coupeImage from '../assets/category-coupe.svg';
import sedanImage from '../assets/category-sedan.svg';
import sportsImage from '../assets/category-sports.svg';
import suvImage from '../assets/category-suv.svg';

export interface FleetCategory {
  /** The chip's label (docs/product.md §9). */
  label: string;
  /** The `car_type` it stands for, also its value in the `?category=` query. */
  carType: VehicleType;
  image: string;
}

export const FLEET_CATEGORIES: readonly FleetCategory[] = [
  { label: 'Sedans', carType: 'Sedan', image: sedanImage },
  { label: 'SUVs', carType: 'SUV', image: suvImage },
  { label: 'Supercars', carType: 'Sports', image: sportsImage },
  { label: 'Coupe', carType: 'Coupe', image: coupeImage },
];

/** The category a `?category=` value names, read case-insensitively; anything else is no filter. */
export function findCategory(value: string | null): FleetCategory | undefined {
  const wanted = value?.toLowerCase();
  return FLEET_CATEGORIES.find((category) => category.carType.toLowerCase() === wanted);
}

export function fleetPath(category?: FleetCategory): string {
  return category ? `/vehicles?category=${encodeURIComponent(category.carType)}` : '/vehicles';
}
