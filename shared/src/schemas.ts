/**
 * The API's shapes (docs/product.md §3), each written once as a JSON Schema. The API validates
 * requests and serialises answers with them; `types.ts` derives every TypeScript type the
 * apps and the API use from them, so the two cannot drift apart. Plain constants: an app
 * that imports only types ships none of this.
 */

import { IMAGE_URL_PATTERN, VEHICLE_ID_PATTERN } from './rules/patterns';

export const VEHICLE_TYPES = ['Sedan', 'SUV', 'Sports', 'Coupe', 'Compact', 'MPV'] as const;
/** What a customer sees of a rental; `in_progress` once the car has been picked up. */
export const RENTAL_STATUSES = ['active', 'in_progress', 'cancelled', 'expired'] as const;
/** Every account has one: customers book, operators run the fleet, admins also manage the team. */
export const ROLES = ['customer', 'operator', 'admin'] as const;

/** Caps on what a client may send, so no field makes the server parse, hash or store megabytes. */
export const MAX_LENGTH = {
  id: 512,
  name: 200,
  email: 320,
  /** Above the password rule's own limit, so a long password gets that rule's message. */
  password: 1024,
  address: 500,
  city: 100,
  short: 32,
} as const;

/** A request string field, capped. */
export const requestText = <Description extends string | undefined = undefined>(
  maxLength: number,
  description?: Description,
) => ({ type: 'string', maxLength, ...(description === undefined ? {} : { description }) }) as const;

/**
 * An object schema that allows no other fields, as every API shape is: json-schema-to-ts types
 * an open object with an index signature, and the serialisers drop unlisted fields anyway.
 */
export function closedObject<
  const Properties extends Record<string, unknown>,
  const Required extends readonly (keyof Properties & string)[],
>(properties: Properties, required: Required) {
  return { type: 'object', required, additionalProperties: false, properties } as const;
}

/** A closed object whose fields are all optional. */
export function optionalFields<const Properties extends Record<string, unknown>>(properties: Properties) {
  return { type: 'object', additionalProperties: false, properties } as const;
}

const text = { type: 'string' } as const;
const isoDate = { type: 'string', format: 'date' } as const;

export const messageSchema = closedObject({ message: text }, ['message']);

export const tokenAnswerSchema = closedObject({ message: text, token: text }, ['message', 'token']);

export const vehicleSchema = closedObject(
  {
    _id: {
      type: 'string',
      pattern: VEHICLE_ID_PATTERN.source,
      description: 'A stable slug, used in the car page’s path.',
    },
    id: { type: 'integer' },
    car_name: text,
    brand_name: text,
    car_type: { type: 'string', enum: VEHICLE_TYPES },
    seating_capacity: { type: 'integer' },
    price_per_day: { type: 'integer', description: 'Rupees per day.' },
    image_url: { type: 'string', pattern: IMAGE_URL_PATTERN.source, description: 'https, no whitespace or commas.' },
    location: text,
    customer_ratings: { type: 'number', minimum: 0, maximum: 5 },
    description: text,
    availability: { type: 'boolean', description: 'False when the car is out of service.' },
    model_year: { type: 'integer' },
    average: { type: 'number', description: 'Kilometres per litre.' },
    fuel_type: text,
    engine: text,
    transmission: text,
  },
  [
    '_id',
    'id',
    'car_name',
    'brand_name',
    'car_type',
    'seating_capacity',
    'price_per_day',
    'image_url',
    'location',
    'customer_ratings',
    'description',
    'availability',
    'model_year',
    'average',
    'fuel_type',
    'engine',
    'transmission',
  ],
);

/** A date range taken by a non-cancelled rental, pick-up..drop-off inclusive. */
export const bookedRangeSchema = closedObject({ pick_up_date: isoDate, drop_off_date: isoDate }, [
  'pick_up_date',
  'drop_off_date',
]);

/** `GET /api/vehicles/{id}`: the car plus the ranges already booked. */
export const vehicleDetailSchema = closedObject(
  {
    ...vehicleSchema.properties,
    booked: {
      type: 'array',
      description: 'Dates taken by non-cancelled rentals that have not ended, pick-up..drop-off inclusive.',
      items: bookedRangeSchema,
    },
  },
  [...vehicleSchema.required, 'booked'],
);

/**
 * The data of one `availability` event of `GET /api/events`: a car's whole public state now,
 * so events can be applied in any order and more than once.
 */
export const carAvailabilitySchema = closedObject(
  {
    _id: vehicleSchema.properties._id,
    availability: vehicleSchema.properties.availability,
    booked: vehicleDetailSchema.properties.booked,
  },
  ['_id', 'availability', 'booked'],
);

/** At most this many cars in one stream's `vehicles`: a page follows one car, or a search's list. */
export const MAX_STREAM_VEHICLES = 100;

/** The query of `GET /api/events`: without `vehicles`, every car's events. */
export const eventsQuerySchema = optionalFields({
  vehicles: requestText(
    MAX_STREAM_VEHICLES * 64,
    `Car ids (\`_id\`), comma-separated, at most ${MAX_STREAM_VEHICLES}: only those cars' events.`,
  ),
});

/**
 * Where and when a shopper looks: the query of `GET /api/vehicles`. A city alone, a range alone
 * (both dates, inclusive) or both; nothing set means the whole fleet.
 */
export const vehicleSearchSchema = optionalFields({
  location: requestText(MAX_LENGTH.city, 'A city, matched ignoring letter case.'),
  pick_up_date: requestText(
    MAX_LENGTH.short,
    'YYYY-MM-DD, today or later (business time zone), at most 180 days ahead. Needs drop_off_date.',
  ),
  drop_off_date: requestText(
    MAX_LENGTH.short,
    'YYYY-MM-DD, on or after pick_up_date, at most 30 days in all. Only cars in service with no active rental on any day of the range are listed.',
  ),
});

export const rentalSchema = closedObject(
  {
    car: closedObject({ _id: text, image_url: text, brand_name: text, car_name: text }, [
      '_id',
      'image_url',
      'brand_name',
      'car_name',
    ]),
    pick_up_date: isoDate,
    drop_off_date: isoDate,
    status: { type: 'string', enum: RENTAL_STATUSES },
    days: { type: 'integer' },
    total_price: { type: 'integer', description: 'Rupees.' },
  },
  ['car', 'pick_up_date', 'drop_off_date', 'status', 'days', 'total_price'],
);

export const userSchema = closedObject(
  {
    name: text,
    email: text,
    avatar: text,
    role: { type: 'string', enum: ROLES },
    cars_rented: { type: 'array', description: 'Oldest first.', items: rentalSchema },
  },
  ['name', 'email', 'avatar', 'role', 'cars_rented'],
);

/** The booking form as sent. `age` may come as a number from clients other than ours. */
export const bookingRequestSchema = closedObject(
  {
    name: requestText(MAX_LENGTH.name),
    age: { anyOf: [requestText(MAX_LENGTH.short), { type: 'number' }] },
    email: requestText(MAX_LENGTH.email),
    phone_no: requestText(MAX_LENGTH.short, 'Exactly 10 digits.'),
    address: requestText(MAX_LENGTH.address),
    pincode: requestText(MAX_LENGTH.short, 'Exactly 6 digits.'),
    pick_up_date: requestText(MAX_LENGTH.short, 'YYYY-MM-DD, today or later, at most 180 days ahead.'),
    drop_off_date: requestText(MAX_LENGTH.short, 'YYYY-MM-DD, on or after pick-up; a rental lasts at most 30 days.'),
  },
  ['name', 'age', 'email', 'phone_no', 'address', 'pincode', 'pick_up_date', 'drop_off_date'],
);

export const signUpSchema = closedObject(
  {
    name: requestText(MAX_LENGTH.name),
    email: requestText(MAX_LENGTH.email),
    password: requestText(MAX_LENGTH.password),
    avatar: requestText(MAX_LENGTH.short, 'avatar1..avatar6'),
  },
  ['name', 'email', 'password', 'avatar'],
);

export const loginSchema = closedObject(
  { email: requestText(MAX_LENGTH.email), password: requestText(MAX_LENGTH.password) },
  ['email', 'password'],
);
