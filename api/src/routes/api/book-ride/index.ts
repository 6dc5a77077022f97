import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '@rentora/shared/rules';
import { currentAccount } from '../../../plugins/app/auth';
import { bookRide } from '../../../services/booking';
import { MAX_LENGTH, bearerAuth, errorResponses, messageSchema, requestText, vehicleIdParams } from '../../schemas';

interface BookingBody {
  name: string;
  age: string | number;
  email: string;
  phone_no: string;
  address: string;
  pincode: string;
  pick_up_date: string;
  drop_off_date: string;
}

const bookingSchema = {
  type: 'object',
  required: ['name', 'age', 'email', 'phone_no', 'address', 'pincode', 'pick_up_date', 'drop_off_date'],
  additionalProperties: false,
  properties: {
    name: requestText(MAX_LENGTH.name),
    age: { anyOf: [requestText(MAX_LENGTH.short), { type: 'number' }] },
    email: requestText(MAX_LENGTH.email),
    phone_no: requestText(MAX_LENGTH.short, 'Exactly 10 digits.'),
    address: requestText(MAX_LENGTH.address),
    pincode: requestText(MAX_LENGTH.short, 'Exactly 6 digits.'),
    pick_up_date: requestText(MAX_LENGTH.short, 'YYYY-MM-DD, today or later, at most 180 days ahead.'),
    drop_off_date: requestText(MAX_LENGTH.short, 'YYYY-MM-DD, on or after pick-up; a rental lasts at most 30 days.'),
  },
} as const;

const headersSchema = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'A retried request with the same key gets the first answer instead of booking twice.',
    },
  },
} as const;

const bookRideRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { vehicleId: string }; Body: BookingBody; Headers: { 'idempotency-key'?: string } }>(
    '/:vehicleId',
    {
      config: { validationMessage: MESSAGES.invalidBookingForm },
      preHandler: [app.authenticate, app.limitWrites],
      schema: {
        tags: ['rentals'],
        summary: 'Book a car for a date range',
        security: bearerAuth,
        params: vehicleIdParams,
        headers: headersSchema,
        body: bookingSchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 404, 409, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { id } = currentAccount(request);
      const form = { ...request.body, age: String(request.body.age) };
      const answer = await bookRide(
        { db: app.db, engine: app.engine, today: app.today },
        id,
        request.params.vehicleId,
        form,
        request.headers['idempotency-key'],
      );
      return reply.code(answer.statusCode).send({ message: answer.message });
    },
  );
};

export default bookRideRoutes;
