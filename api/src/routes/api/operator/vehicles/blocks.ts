import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { blockListSchema, blockSchema, newBlockSchema } from '@rentora/shared/operator';
import { MAX_LENGTH, closedObject, messageSchema, requestText } from '@rentora/shared/schemas';
import { currentAccount } from '../../../../plugins/app/auth';
import { addBlock, blocksOf, removeBlock } from '../../../../services/blocks';
import { bearerAuth, errorResponses, rowId, vehicleIdParams } from '../../../schemas';
import { fieldMessage } from '../field-message';

export const BLOCK_REMOVED = 'The block was removed.';

const blockParams = closedObject({ vehicleId: requestText(MAX_LENGTH.id), blockId: rowId }, ['vehicleId', 'blockId']);

/** A car's maintenance blocks, under /api/operator/vehicles/{vehicleId}/blocks. */
const blocks: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = { db: app.db, engine: app.engine, today: app.today };

  app.get(
    '',
    {
      schema: {
        tags: ['operator'],
        summary: "The car's blocks that have not ended, earliest first",
        security: bearerAuth,
        params: vehicleIdParams,
        response: { 200: blockListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => blocksOf(context, request.params.vehicleId),
  );

  app.post(
    '',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Keep the car off the road for some days',
        description:
          'Dates inclusive, from today, at most 180 days. Overlapping a rental that holds the car, or another block, answers 409 naming the dates.',
        security: bearerAuth,
        params: vehicleIdParams,
        body: newBlockSchema,
        response: { 201: blockSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const block = await addBlock(context, currentAccount(request).email, request.params.vehicleId, request.body);
      app.vehicleChanges.changed(request.params.vehicleId);
      return reply.code(201).send(block);
    },
  );

  app.delete(
    '/:blockId',
    {
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Remove a block: its days are free again',
        security: bearerAuth,
        params: blockParams,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { vehicleId, blockId } = request.params;
      await removeBlock(context, currentAccount(request).email, vehicleId, Number(blockId));
      app.vehicleChanges.changed(vehicleId);
      return { message: BLOCK_REMOVED };
    },
  );
};

export default blocks;
