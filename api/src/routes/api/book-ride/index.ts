import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES } from '@rentora/shared/rules';
import { currentAccount } from '../../../plugins/app/auth';
import { bookRide } from '../../../services/booking';
import { bearerAuth, errorResponses, messageSchema, vehicleIdParams } from '../../schemas';

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

const text = { type: 'string' } as const;

const bookingSchema = {
  type: 'object',
  required: ['name', 'age', 'email', 'phone_no', 'address', 'pincode', 'pick_up_date', 'drop_off_date'],
  additionalProperties: false,
  properties: {
    name: text,
    age: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    email: text,
    phone_no: { type: 'string', description: 'Exactly 10 digits.' },
    address: text,
    pincode: { type: 'string', description: 'Exactly 6 digits.' },
    pick_up_date: { type: 'string', description: 'YYYY-MM-DD, today or later in the business time zone.' },
    drop_off_date: { type: 'string', description: 'YYYY-MM-DD, on or after pick-up.' },
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
      preHandler: app.authenticate,
      schema: {
        tags: ['rentals'],
        summary: 'Book a car for a date range',
        security: bearerAuth,
        params: vehicleIdParams,
        headers: headersSchema,
        body: bookingSchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 404, 409, 415, 422) },
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
