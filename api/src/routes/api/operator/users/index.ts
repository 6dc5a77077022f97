import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { roleChangeSchema, teamSchema } from '@rentora/shared/operator';
import { MAX_LENGTH, closedObject, messageSchema, requestText } from '@rentora/shared/schemas';
import { currentAccount } from '../../../../plugins/app/auth';
import { listStaff } from '../../../../repositories/users';
import { changeRole } from '../../../../services/team';
import { bearerAuth, errorResponses } from '../../../schemas';

const users: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['operator'],
        summary: 'The team: every operator and admin (admins only)',
        security: bearerAuth,
        response: { 200: teamSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listStaff(app.db) }),
  );

  app.put(
    '/:email/role',
    {
      onRequest: app.requireAdmin,
      config: { validationMessage: 'Send { "role": "customer" }, { "role": "operator" } or { "role": "admin" }.' },
      schema: {
        tags: ['operator'],
        summary: "Set an account's role, admin included (admins only); the last admin cannot step down",
        security: bearerAuth,
        params: closedObject({ email: requestText(MAX_LENGTH.email) }, ['email']),
        body: roleChangeSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const actor = currentAccount(request).email;
      return { message: await changeRole(app.db, app.engine, actor, request.params.email, request.body.role) };
    },
  );
};

export default users;
