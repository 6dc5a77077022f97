import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type DeviceCookies, createDeviceCookies } from '../../auth/device-cookie';
import { type Passwords, passwordsAt } from '../../auth/passwords';
import { resolveJwtSecret } from '../../auth/secret';
import { type TokenClaims, type TokenService, createTokenService } from '../../auth/tokens';
import { ApiError, unauthorized } from '../../errors';
import { type QuoteSeals, createQuoteSeals } from '../../money/quote-seal';
import { type SessionKey, findSessionAccount, sessionKey } from '../../repositories/sessions';
import type { Account } from '../../repositories/users';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Password hashing at the configured cost. */
    passwords: Passwords;
    devices: DeviceCookies;
    /** Quote ids, signed with the same secret (a key of their own derived from it). */
    quoteSeals: QuoteSeals;
    /** preHandler: a bearer token whose session is open, of an existing user, else 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: `authenticate`, then 403 unless the account is an operator or an admin. */
    authenticateStaff: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook for a route under `authenticateStaff`: 403 unless an admin, before the request is even validated. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** The session a genuine bearer token names, else 401; whether it is still open is for the caller's query to check. */
    bearerSession: (request: FastifyRequest) => SessionKey;
  }
  interface FastifyRequest {
    account: Account | null;
    /** The bearer token of a request that passed `authenticate`, and what it says. */
    bearer: { token: string; claims: TokenClaims } | null;
  }
}

export const STAFF_ONLY = 'This is for Rentora staff only.';
export const ADMINS_ONLY = 'Only an admin may do this.';

const BEARER = /^Bearer ([\w-]+\.[\w-]*\.[\w-]*)$/;

/** The signed-in account of a request that passed `authenticate`. */
export function currentAccount(request: FastifyRequest): Account {
  if (request.account === null) throw unauthorized();
  return request.account;
}

/** The bearer token of a request that passed `authenticate`. */
export function currentBearer(request: FastifyRequest): { token: string; claims: TokenClaims } {
  if (request.bearer === null) throw unauthorized();
  return request.bearer;
}

export default fp(
  async (app) => {
    const secret = await resolveJwtSecret(app.config.jwtSecret, app.config.dataDir);
    const tokens = createTokenService(secret);
    app.decorate('tokens', tokens);
    app.decorate('passwords', passwordsAt(app.config.passwordCost));
    app.decorate('devices', createDeviceCookies(secret));
    app.decorate('quoteSeals', createQuoteSeals(secret));
    app.decorateRequest('account', null);
    app.decorateRequest('bearer', null);
    const verifiedBearer = (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const claims = token === undefined ? undefined : tokens.verify(token);
      if (token === undefined || claims === undefined) throw unauthorized();
      return { token, claims };
    };
    app.decorate('bearerSession', (request: FastifyRequest) => sessionKey(app.engine, verifiedBearer(request).claims));
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const bearer = verifiedBearer(request);
      // A logged-out token, a token of an account since deleted or made anew, is refused too.
      const account = await findSessionAccount(app.db, sessionKey(app.engine, bearer.claims));
      if (account === undefined) throw unauthorized();
      request.account = account;
      request.bearer = bearer;
    });
    // The role comes from the same per-request read as the session: a demoted operator is refused at once.
    app.decorate('authenticateStaff', async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (currentAccount(request).role === 'customer') throw new ApiError(403, STAFF_ONLY);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (currentAccount(request).role !== 'admin') throw new ApiError(403, ADMINS_ONLY);
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
