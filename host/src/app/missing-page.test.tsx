import { act, screen, waitFor, within } from '@testing-library/react';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOT_FOUND_ATTRIBUTE } from '@rentora/shared';
import { configureApi, prefetchReads } from '@rentora/state';
import { renderSite } from '../testing/render-site';
import { noteSentNotFound } from './missing-page';

const SERVER = { timeout: 15_000 };

beforeEach(() => {
  // The runtime warns when the catalog's code, not deployed here, fails to load.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('a car the API does not have', () => {
  it('is the site’s 404 page, with its title, as the server sends it', async () => {
    await renderSite('/vehicles/no-such-car');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found!' }, SERVER)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Error 404 - Page Not Found!'));
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('is the catalog’s page when the car exists: its retry panel here, where the catalog is not deployed', async () => {
    await renderSite('/vehicles/mercedes-benz-s-class');
    expect(await screen.findByRole('alert', undefined, SERVER)).toHaveTextContent('We couldn’t load this car.');
    expect(screen.queryByRole('heading', { name: 'Page Not Found!' })).not.toBeInTheDocument();
  });
});

describe('a page the server sent as its 404 page', () => {
  /** An API whose answers to the car's read wait until the test gives them. */
  let api: Server;
  const waiting: ServerResponse[] = [];
  const answer = (status: number, body: unknown) => {
    for (const response of waiting.splice(0)) {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
  };

  beforeAll(async () => {
    api = createServer((_request, response) => {
      waiting.push(response);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    configureApi({ baseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    answer(503, { message: 'Closing.' });
    await new Promise((resolve) => api.close(resolve));
  });

  it('stays the 404 page while the car’s read is on its way, never a loading state, and after its 404', async () => {
    // The document as the server sent it, and the start-up's read of the car (bootstrap.tsx).
    const sent = document.createElement('section');
    sent.setAttribute(NOT_FOUND_ATTRIBUTE, '');
    document.body.append(sent);
    expect(noteSentNotFound('/api/vehicles/held-car')).toBe(true);
    sent.remove();
    const read = prefetchReads(['/api/vehicles/held-car']);
    await renderSite('/vehicles/held-car');
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('status')).not.toBeInTheDocument();

    await act(async () => {
      answer(404, { message: 'This car does not exist.' });
      await read;
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();
  });

  it('is the car’s page once its read finds the car after all', async () => {
    const sent = document.createElement('section');
    sent.setAttribute(NOT_FOUND_ATTRIBUTE, '');
    document.body.append(sent);
    expect(noteSentNotFound('/api/vehicles/late-car')).toBe(true);
    sent.remove();
    const read = prefetchReads(['/api/vehicles/late-car']);
    await renderSite('/vehicles/late-car');
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found!' })).toBeVisible();

    await act(async () => {
      answer(200, { _id: 'late-car', car_name: 'Late Car' });
      await read;
    });
    expect(await screen.findByRole('alert', undefined, SERVER)).toHaveTextContent('We couldn’t load this car.');
    expect(screen.queryByRole('heading', { name: 'Page Not Found!' })).not.toBeInTheDocument();
  });
});
