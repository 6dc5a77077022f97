import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import {
  addOnPatchSchema,
  newAddOnSchema,
  operatorAddOnListSchema,
  operatorAddOnSchema,
} from '@rentora/shared/operator';
import { closedObject } from '@rentora/shared/schemas';
import { currentAccount } from '../../../../plugins/app/auth';
import { listAddOns } from '../../../../repositories/add-ons';
import { createAddOn, patchAddOn } from '../../../../services/add-ons';
import { bearerAuth, errorResponses } from '../../../schemas';
import { fieldMessage } from '../field-message';

const addOnParams = closedObject({ id: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', maxLength: 9 } }, ['id']);

const addOns: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = { db: app.db, engine: app.engine, today: app.today };

  app.get(
    '',
    {
      schema: {
        tags: ['operator'],
        summary: 'Every add-on, withdrawn ones too',
        security: bearerAuth,
        response: { 200: operatorAddOnListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await listAddOns(app.db) }),
  );

  app.post(
    '',
    {
      onRequest: app.requireAdmin,
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Add an add-on: a chauffeur, a child seat… priced per day or per rental (admins only)',
        security: bearerAuth,
        body: newAddOnSchema,
        response: { 201: operatorAddOnSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAddOn(context, currentAccount(request).email, request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: app.requireAdmin,
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Change an add-on, or withdraw it with `offered: false` (admins only)',
        description:
          'A withdrawn add-on is no longer quoted; rentals that chose it keep it at the price they chose it.',
        security: bearerAuth,
        params: addOnParams,
        body: addOnPatchSchema,
        response: { 200: operatorAddOnSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => patchAddOn(context, currentAccount(request).email, Number(request.params.id), request.body),
  );
};

export default addOns;
