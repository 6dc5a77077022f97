import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { loginSchema, signUpSchema, tokenAnswerSchema, userSchema } from '@rentora/shared/schemas';
import { unauthorized } from '../../../errors';
import { sendJsonText } from '../../../http/encoded-json';
import { logIn, register } from '../../../services/accounts';
import { bearerAuth, errorResponses } from '../../schemas';

const FILL_EVERY_FIELD = 'Please fill out every field.';

const user: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.post(
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

  app.post(
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
    // The account check `authenticate` would make and the rentals in one read (a deleted account: 401).
    async (request, reply) => {
      const profile = await app.reads.profile(app.bearerUserId(request), app.today());
      if (profile === undefined) throw unauthorized();
      return sendJsonText(reply, profile);
    },
  );
};

export default user;
