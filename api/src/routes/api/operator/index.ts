import type { FastifyPluginAsync } from 'fastify';
import { unknownRoute } from '../unknown-route';
import addOns from './add-ons';
import audit from './audit';
import bookings from './bookings';
import payments from './payments';
import settings from './settings';
import users from './users';
import vehicles from './vehicles';

/**
 * Everything under /api/operator: staff only (docs/decisions/0017-operator-side.md). The check
 * runs before any route's own, on unknown paths too, so nobody learns what is here without a role.
 */
const operator: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticateStaff);
  await app.register(users, { prefix: '/users' });
  await app.register(vehicles, { prefix: '/vehicles' });
  await app.register(bookings, { prefix: '/bookings' });
  await app.register(audit, { prefix: '/audit' });
  await app.register(addOns, { prefix: '/add-ons' });
  await app.register(settings, { prefix: '/settings' });
  await app.register(payments, { prefix: '/payments' });
  app.all('/*', { schema: { hide: true } }, unknownRoute);
};

export default operator;
