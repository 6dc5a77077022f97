import type { FastifyPluginAsync } from 'fastify';
import type { LoginPayload, SignUpPayload, User } from '@rentora/shared';
import { unauthorized } from '../../../errors';
import { findProfile } from '../../../repositories/rentals';
import { logIn, register } from '../../../services/accounts';
import { MAX_LENGTH, bearerAuth, errorResponses, requestText } from '../../schemas';

const FILL_EVERY_FIELD = 'Please fill out every field.';

const tokenAnswerSchema = {
  type: 'object',
  required: ['message', 'token'],
  properties: { message: { type: 'string' }, token: { type: 'string' } },
} as const;

const text = { type: 'string' } as const;

const signUpSchema = {
  type: 'object',
  required: ['name', 'email', 'password', 'avatar'],
  additionalProperties: false,
  properties: {
    name: requestText(MAX_LENGTH.name),
    email: requestText(MAX_LENGTH.email),
    password: requestText(MAX_LENGTH.password),
    avatar: requestText(MAX_LENGTH.short, 'avatar1..avatar6'),
  },
} as const;

const loginSchema = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: { email: requestText(MAX_LENGTH.email), password: requestText(MAX_LENGTH.password) },
} as const;

const rentalSchema = {
  type: 'object',
  required: ['car', 'pick_up_date', 'drop_off_date', 'status', 'days', 'total_price'],
  properties: {
    car: {
      type: 'object',
      required: ['_id', 'image_url', 'brand_name', 'car_name'],
      properties: { _id: text, image_url: text, brand_name: text, car_name: text },
    },
    pick_up_date: { type: 'string', format: 'date' },
    drop_off_date: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['active', 'cancelled', 'expired'] },
    days: { type: 'integer' },
    total_price: { type: 'integer', description: 'Rupees.' },
  },
} as const;

const userSchema = {
  type: 'object',
  required: ['name', 'email', 'avatar', 'cars_rented'],
  properties: {
    name: text,
    email: text,
    avatar: text,
    cars_rented: { type: 'array', description: 'Oldest first.', items: rentalSchema },
  },
} as const;

const user: FastifyPluginAsync = async (app) => {
  app.post<{ Body: SignUpPayload }>(
    '/register',
    {
      config: { validationMessage: FILL_EVERY_FIELD },
      preHandler: app.limitAttempts,
      schema: {
        tags: ['user'],
        summary: 'Create an account and log in',
        body: signUpSchema,
        response: { 201: tokenAnswerSchema, ...errorResponses(400, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const userId = await register(app.db, request.body);
      return reply
        .code(201)
        .send({ message: 'Your account is ready. Welcome to Rentora!', token: app.tokens.issue(userId) });
    },
  );

  app.post<{ Body: LoginPayload }>(
    '/login',
    {
      config: { validationMessage: FILL_EVERY_FIELD },
      preHandler: app.limitLogins,
      onError: app.countFailedLogin,
      schema: {
        tags: ['user'],
        summary: 'Log in',
        body: loginSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request) => {
      const userId = await logIn(app.db, request.body);
      return { message: 'Logged in successfully!', token: app.tokens.issue(userId) };
    },
  );

  app.get(
    '',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user and their rentals',
        security: bearerAuth,
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    // The account check `authenticate` would make and the rentals in one query (a deleted account: 401).
    async (request): Promise<User> => {
      const profile = await findProfile(app.db, app.bearerUserId(request), app.today());
      if (profile === undefined) throw unauthorized();
      return profile;
    },
  );
};

export default user;
