import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { businessSettingsSchema, businessSettingsUpdateSchema } from '@rentora/shared/operator';
import { currentAccount } from '../../../../plugins/app/auth';
import { readSettings } from '../../../../repositories/settings';
import { putSettings } from '../../../../services/settings';
import { bearerAuth, errorResponses } from '../../../schemas';
import { fieldMessage } from '../field-message';

const settings: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const context = {
    db: app.db,
    engine: app.engine,
    today: app.today,
    paymentsAvailable: app.config.payments !== undefined,
  };

  app.get(
    '',
    {
      schema: {
        tags: ['operator'],
        summary: 'The business’s tax and invoice settings',
        security: bearerAuth,
        response: { 200: businessSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => readSettings(app.db),
  );

  app.put(
    '',
    {
      onRequest: app.requireAdmin,
      config: { validationMessage: fieldMessage },
      schema: {
        tags: ['operator'],
        summary: 'Replace the tax and invoice settings (admins only)',
        description:
          'Every field, as GET answers them. New quotes use them at once; a rental already booked keeps the tax and fees it was booked with.',
        security: bearerAuth,
        body: businessSettingsUpdateSchema,
        response: { 200: businessSettingsSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => {
      const settings = await putSettings(context, currentAccount(request).email, request.body);
      // This instance's next quote prices with them at once; other instances within a second.
      app.businessSettings.invalidate();
      return settings;
    },
  );
};

export default settings;
