import '@testing-library/jest-dom';
import '@rentora/shared/testing/fail-on-console-error';
import { configure } from '@testing-library/react';
import { EventSource as StandardEventSource } from 'eventsource';
import { configureApi } from '../api/client';

// Component tests read a real API (Jest's global setup starts one per worker): on a busy two-core machine its
// first answers can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom has no EventSource: the live stream is read by a standard client over the same real API.
 * The stores close a stream a second after its last listener leaves, a timer that dies with the
 * test file's window; a stream still open then would keep the worker from exiting, so every
 * stream the file opened is closed after it.
 */
const opened = new Set<StandardEventSource>();
class TestEventSource extends StandardEventSource {
  constructor(...args: ConstructorParameters<typeof StandardEventSource>) {
    super(...args);
    opened.add(this);
  }
}
globalThis.EventSource = TestEventSource;
afterAll(() => {
  for (const stream of opened) stream.close();
  opened.clear();
});

const testApiUrl = process.env.RENTORA_TEST_API_URL;
if (testApiUrl) configureApi({ baseUrl: testApiUrl });

// jsdom lays nothing out and has no scrolling; the page's scroll position is all the site reads.
window.scrollTo = ((options: ScrollToOptions) => {
  Object.defineProperty(window, 'scrollY', { value: options.top ?? 0, configurable: true });
}) as typeof window.scrollTo;

beforeEach(() => {
  window.localStorage.clear();
});
