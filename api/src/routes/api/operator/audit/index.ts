import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { auditPageSchema, auditQuerySchema } from '@rentora/shared/operator';
import { listAudit } from '../../../../repositories/audit';
import { bearerAuth, errorResponses } from '../../../schemas';

const audit: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.get(
    '',
    {
      onRequest: app.requireAdmin,
      config: { validationMessage: 'page must be a whole number from 1.' },
      schema: {
        tags: ['operator'],
        summary: 'Every operator change, newest first, 50 a page (admins only)',
        security: bearerAuth,
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAudit(app.db, Number(request.query.page ?? 1)),
  );
};

export default audit;
