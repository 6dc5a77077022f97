import type { FastifyInstance } from 'fastify';
import type { PageData } from './host-page';

/**
 * What the site's pages read first, answered by the API in the server's own process (`inject`): a
 * first paint shows the live car, or the fleet's first row, and a car the API does not have is a
 * 404, without a trip over the network.
 */
export function apiPageData(api: FastifyInstance): PageData {
  let fleetEtag: string | undefined;
  return {
    read: async (url) => {
      const response = await api.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      return response.statusCode === 200
        ? { statusCode: 200, body: response.json() }
        : { statusCode: response.statusCode };
    },
    // The fleet's ETag: first paints show the fleet's fields, so a page painted with them holds until it changes.
    version: async () => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (fleetEtag) headers['if-none-match'] = fleetEtag;
      const response = await api.inject({ method: 'GET', url: '/api/vehicles', headers });
      if (response.statusCode === 200) fleetEtag = String(response.headers.etag ?? '') || undefined;
      else if (response.statusCode !== 304) fleetEtag = undefined;
      return fleetEtag;
    },
  };
}
