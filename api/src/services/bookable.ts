import type { VehicleRow } from '../db/schema';

/** What a booking and a quote answer (409) for a car out of service. */
export const OUT_OF_SERVICE = 'This car is out of service at the moment. Please choose another car.';

/** Drafts and retired cars are not public: they answer as no car at all. */
export const isPublic = (vehicle: VehicleRow) => vehicle.status === 'in_service' || vehicle.status === 'out_of_service';
