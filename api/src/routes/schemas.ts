export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

/** Response schemas for error statuses, all `{ message }`; any route may answer 500, or 503 with Retry-After. */
export function errorResponses(...statusCodes: number[]): Record<number, typeof messageSchema> {
  return Object.fromEntries([...statusCodes, 500, 503].map((code) => [code, messageSchema]));
}

export const bearerAuth = [{ bearerAuth: [] }];

/** Caps on what a client may send, so no field makes the server parse, hash or store megabytes. */
export const MAX_LENGTH = {
  id: 512,
  name: 200,
  email: 320,
  /** Above the password rule's own limit, so a long password gets that rule's message. */
  password: 1024,
  address: 500,
  short: 32,
} as const;

/** A request string field, capped. */
export const requestText = (maxLength: number, description?: string) =>
  ({ type: 'string', maxLength, ...(description === undefined ? {} : { description }) }) as const;

export const vehicleIdParams = {
  type: 'object',
  required: ['vehicleId'],
  properties: { vehicleId: requestText(MAX_LENGTH.id) },
} as const;

export const vehicleSchema = {
  type: 'object',
  required: [
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
  properties: {
    _id: { type: 'string' },
    id: { type: 'integer' },
    car_name: { type: 'string' },
    brand_name: { type: 'string' },
    car_type: { type: 'string', enum: ['Sedan', 'SUV', 'Sports', 'Coupe', 'Compact', 'MPV'] },
    seating_capacity: { type: 'integer' },
    price_per_day: { type: 'integer', description: 'Rupees per day.' },
    image_url: { type: 'string' },
    location: { type: 'string' },
    customer_ratings: { type: 'number', minimum: 0, maximum: 5 },
    description: { type: 'string' },
    availability: { type: 'boolean', description: 'False when the car is out of service.' },
    model_year: { type: 'integer' },
    average: { type: 'number', description: 'Kilometres per litre.' },
    fuel_type: { type: 'string' },
    engine: { type: 'string' },
    transmission: { type: 'string' },
  },
} as const;

export const dateRangeSchema = {
  type: 'object',
  required: ['pick_up_date', 'drop_off_date'],
  properties: {
    pick_up_date: { type: 'string', format: 'date' },
    drop_off_date: { type: 'string', format: 'date' },
  },
} as const;

/** `GET /api/vehicles?location=&pick_up_date=&drop_off_date=`: each optional, dates both or neither. */
export const vehicleSearchQuery = {
  type: 'object',
  properties: {
    location: { type: 'string', maxLength: 100, description: 'A city, matched ignoring letter case.' },
    pick_up_date: {
      type: 'string',
      maxLength: 32,
      description: 'YYYY-MM-DD, today or later (business time zone), at most 180 days ahead. Needs drop_off_date.',
    },
    drop_off_date: {
      type: 'string',
      maxLength: 32,
      description:
        'YYYY-MM-DD, on or after pick_up_date, at most 30 days in all. Only cars in service with no active rental on any day of the range are listed.',
    },
  },
} as const;
