import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { setWithinBound } from '@rentora/shared/bounded-map';
import type { PageData, ReadAnswer } from './host-page';

/** Enough for every car's read and the fleet's, and then some. */
const MAX_KNOWN_READS = 512;

/**
 * What the site's pages read first, answered by the API in the server's own process (`inject`): a
 * first paint shows the live car, or the fleet's first row, and a car the API does not have is a
 * 404, without a trip over the network. Each answer carries its own version: the API's ETag where
 * it sends one (the fleet's, asked again with If-None-Match), else a hash of what it sent (a car),
 * so a page painted from a read holds exactly as long as that read's answer does. A read is asked
 * again after every change the API's signal hears (`changes`).
 */
export function apiPageData(api: FastifyInstance): PageData {
  const known = new Map<string, ReadAnswer & { etag: string }>();
  return {
    // Every write that changes a car moves the API's change signal on, here and (PostgreSQL) on every instance.
    changes: () => api.vehicleChanges.signal.generation(),
    read: async (url) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      const before = known.get(url);
      if (before) headers['if-none-match'] = before.etag;
      const response = await api.inject({ method: 'GET', url, headers });
      if (response.statusCode === 304 && before) return before;
      known.delete(url);
      if (response.statusCode !== 200) {
        return { statusCode: response.statusCode, version: `${response.statusCode}` };
      }
      const etag = typeof response.headers.etag === 'string' ? response.headers.etag : undefined;
      const answer = {
        statusCode: 200,
        body: response.json<unknown>(),
        version: etag ?? createHash('sha256').update(response.rawPayload).digest('base64url'),
      };
      if (etag) {
        setWithinBound(known, url, { ...answer, etag }, MAX_KNOWN_READS);
      }
      return answer;
    },
  };
}
