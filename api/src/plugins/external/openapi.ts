import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';

/** Collects every route's schemas into one OpenAPI document, served by routes/api/openapi. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Rentora API',
          version: '1.0.0',
          description: 'Luxury car rental in India: fleet, accounts and bookings. Prices in rupees per day.',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
  },
  { name: 'openapi' },
);
