import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { resolveJwtSecret } from '../../auth/secret';
import { createTokenService, type TokenService } from '../../auth/tokens';
import { unauthorized } from '../../errors';
import { type Account, findAccount } from '../../repositories/users';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: a valid bearer token of an existing user, else 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The user id a valid bearer token names, else 401; whether that user exists is for the caller to check. */
    bearerUserId: (request: FastifyRequest) => number;
  }
  interface FastifyRequest {
    account: Account | null;
  }
}

const BEARER = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/;

/** The signed-in account of a request that passed `authenticate`. */
export function currentAccount(request: FastifyRequest): Account {
  if (request.account === null) throw unauthorized();
  return request.account;
}

export default fp(
  async (app) => {
    const tokens = createTokenService(await resolveJwtSecret(app.config.jwtSecret, app.config.dataDir));
    app.decorate('tokens', tokens);
    app.decorateRequest('account', null);
    const bearerUserId = (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const userId = token === undefined ? undefined : tokens.verify(token);
      if (userId === undefined) throw unauthorized();
      return userId;
    };
    app.decorate('bearerUserId', bearerUserId);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      // A valid token of a deleted account is refused too.
      const account = await findAccount(app.db, bearerUserId(request));
      if (account === undefined) throw unauthorized();
      request.account = account;
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
