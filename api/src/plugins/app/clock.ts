import fp from 'fastify-plugin';
import { createBusinessClock } from '../../time/business-clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Today as `YYYY-MM-DD` in BUSINESS_TZ: what `expired`, booked ranges and pick-up checks compare with. */
    today: () => string;
  }
}

export default fp(
  async (app) => {
    app.decorate('today', createBusinessClock(app.config.businessTimeZone));
  },
  { name: 'clock', dependencies: ['config'] },
);
