import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { loginSchema, messageSchema, signUpSchema, tokenAnswerSchema, userSchema } from '@rentora/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unauthorized } from '../../../errors';
import { sendJsonText } from '../../../http/encoded-json';
import { currentBearer } from '../../../plugins/app/auth';
import { type TokenSubject, logIn, logOut, logOutEverywhere, register } from '../../../services/accounts';
import { bearerAuth, errorResponses } from '../../schemas';

const FILL_EVERY_FIELD = 'Please fill out every field.';
export const LOGGED_OUT = 'You have been logged out.';
export const LOGGED_OUT_EVERYWHERE = 'You have been logged out on every device.';

const user: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  /** A token for the account, and a device cookie that makes this browser known to it (`auth/device-cookie.ts`). */
  const signIn = (request: FastifyRequest, reply: FastifyReply, email: string, subject: TokenSubject) => {
    reply.header('set-cookie', app.devices.remember(request.headers.cookie, email, request.protocol === 'https'));
    return app.tokens.issue(subject.userId, subject.tokenVersion);
  };

  app.post(
    '/register',
    {
      config: { validationMessage: FILL_EVERY_FIELD },
      preHandler: app.limitSignUp,
      schema: {
        tags: ['user'],
        summary: 'Create an account and log in',
        body: signUpSchema,
        response: { 201: tokenAnswerSchema, ...errorResponses(400, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const token = signIn(request, reply, request.body.email, await register(app.db, app.passwords, request.body));
      return reply.code(201).send({ message: 'Your account is ready. Welcome to Rentora!', token });
    },
  );

  app.post(
    '/login',
    {
      config: { validationMessage: FILL_EVERY_FIELD },
      schema: {
        tags: ['user'],
        summary: 'Log in',
        description:
          'Failed logins are limited per email and address, and per email from all addresses, unless the browser sends the device cookie an earlier log-in to this account set: then per email and browser only.',
        body: loginSchema,
        response: { 200: tokenAnswerSchema, ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const refund = await app.chargeLogin(request, reply, app.devices.deviceFor(request.headers.cookie, email));
      let subject: TokenSubject;
      try {
        subject = await logIn(app.db, app.passwords, request.body);
      } catch (error) {
        // Only a wrong email or password stays counted as a failure.
        if (!(error instanceof ApiError && error.statusCode === 401)) await refund();
        throw error;
      }
      await refund();
      return { message: 'Logged in successfully!', token: signIn(request, reply, email, subject) };
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
    // The session check `authenticate` would make and the rentals in one read (a closed session: 401).
    async (request, reply) => {
      const profile = await app.reads.profile(app.bearerSession(request), app.today());
      if (profile === undefined) throw unauthorized();
      return sendJsonText(reply, profile);
    },
  );

  app.post(
    '/logout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Log out: the token sent is refused from now on, on every instance',
        security: bearerAuth,
        response: { 200: messageSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { token, claims } = currentBearer(request);
      await logOut(app.db, app.engine, claims);
      app.tokens.forget(token);
      return { message: LOGGED_OUT };
    },
  );

  app.post(
    '/logout-everywhere',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'Log out on every device: every token of the account is refused from now on',
        security: bearerAuth,
        response: { 200: messageSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { token, claims } = currentBearer(request);
      await logOutEverywhere(app.db, claims.userId);
      app.tokens.forget(token);
      return { message: LOGGED_OUT_EVERYWHERE };
    },
  );
};

export default user;
