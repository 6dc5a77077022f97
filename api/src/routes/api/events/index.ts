import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { VEHICLE_ID_PATTERN } from '@rentora/shared/rules';
import { MAX_STREAM_VEHICLES, eventsQuerySchema } from '@rentora/shared/schemas';
import { ApiError, vehicleNotFound } from '../../../errors';
import { addressGroup } from '../../../rate-limit/address-group';
import { errorResponses } from '../../schemas';

/** What a stream may hold unsent: far above one event or a full refresh of the fleet, far below a leak. */
export const MAX_BUFFERED_BYTES = 256 * 1024;
const RETRY_AFTER_SECONDS = 30;
/**
 * A stream this instance ends as it shuts down tells its reader to come back after a moment spread
 * over this range, so thousands of readers do not reconnect to the other instances at one instant.
 */
const RECONNECT_SPREAD_MS = { from: 250, to: 2_250 } as const;

/** The `retry:` hint a stream ends with when this instance shuts down. */
export function reconnectHint(random = Math.random()): string {
  const ms = Math.round(RECONNECT_SPREAD_MS.from + random * (RECONNECT_SPREAD_MS.to - RECONNECT_SPREAD_MS.from));
  return `retry: ${ms}\n\n`;
}

export const BAD_VEHICLES = `Name at most ${MAX_STREAM_VEHICLES} cars, by their ids, separated by commas.`;
export const TOO_MANY_FROM_ADDRESS = 'Too many live updates are open from your address. Close a tab and try again.';
export const TOO_MANY_STREAMS = 'Live updates are busy right now. Please try again in a moment.';

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx and proxies that follow its header pass each event on at once instead of buffering.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

function parseVehicles(raw: string | undefined): Set<string> | undefined {
  if (raw === undefined) return undefined;
  const ids = raw.split(',').map((id) => id.trim());
  if (ids.length > MAX_STREAM_VEHICLES || !ids.every((id) => VEHICLE_ID_PATTERN.test(id))) {
    throw new ApiError(400, BAD_VEHICLES);
  }
  return new Set(ids);
}

/**
 * `GET /api/events`: Server-Sent Events of every car's availability as it changes
 * (docs/architecture.md §6). The answer is taken over from Fastify once the limits allow it, and
 * every stream ends with the server: a closed stream frees its place at once.
 */
const events: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const { perIp, max } = app.config.events;
  const perAddress = new Map<string, number>();
  const open = new Set<ServerResponse>();

  // Shutting down (the balancers have left, server.ts): each reader reconnects, through the
  // balancer, to another instance, and resumes from its Last-Event-ID there.
  app.addHook('preClose', async () => {
    for (const response of open) response.end(reconnectHint());
  });

  app.get(
    '',
    {
      schema: {
        tags: ['vehicles'],
        summary: "Live availability: each car's state, as Server-Sent Events, whenever it changes",
        description:
          'Each change is `event: availability` with data `{ _id, availability, booked }` and an `id`; send it back as `Last-Event-ID` to get what was missed (or every car when that is too old). A comment every 25 s keeps the stream open.',
        querystring: eventsQuerySchema,
        response: { 200: { description: 'A text/event-stream', type: 'null' }, ...errorResponses(400, 404, 429) },
      },
      config: { validationMessage: BAD_VEHICLES },
      // A HEAD would open a stream that never sends its headers (a HEAD's writes are dropped): 404.
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const vehicles = parseVehicles(request.query.vehicles);
      if (vehicles !== undefined) {
        const fleet = (await app.fleet.current()).bySlug;
        if (![...vehicles].every((id) => fleet.has(id))) throw vehicleNotFound();
      }
      if (app.availabilityFeed.size() >= max) throw new ApiError(503, TOO_MANY_STREAMS, RETRY_AFTER_SECONDS);
      const address = addressGroup(request.ip);
      const fromAddress = perAddress.get(address) ?? 0;
      if (fromAddress >= perIp) throw new ApiError(429, TOO_MANY_FROM_ADDRESS, RETRY_AFTER_SECONDS);

      perAddress.set(address, fromAddress + 1);
      const response = reply.raw;
      reply.headers(STREAM_HEADERS);
      // The API's own headers (security, request id) as Fastify would have sent them.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) response.setHeader(name, value);
      }
      reply.hijack();
      response.writeHead(200);
      request.raw.socket.setNoDelay(true);
      open.add(response);
      const lastEventId = request.headers['last-event-id'];
      const remove = app.availabilityFeed.add(
        {
          vehicles,
          write: (frame) => {
            if (response.destroyed) return;
            response.write(frame);
            // A reader that does not keep up is dropped; its browser reconnects with Last-Event-ID.
            if (response.writableLength > MAX_BUFFERED_BYTES) response.destroy();
          },
        },
        typeof lastEventId === 'string' ? lastEventId : undefined,
      );
      response.once('close', () => {
        remove();
        open.delete(response);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left === 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
    },
  );
};

export default events;
