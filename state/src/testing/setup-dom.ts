import '@testing-library/jest-dom';
import '@rentora/shared/testing/fail-on-console-error';
import { configure } from '@testing-library/react';
import { EventSource as StandardEventSource } from 'eventsource';
import { configureApi } from '../api/client';

// Component tests read a real API (Jest's global setup starts one per worker): on a busy two-core machine its
// first answers can take more than Testing Library's default second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no EventSource: the live stream is read by a standard client over the same real API.
globalThis.EventSource ??= StandardEventSource as unknown as typeof EventSource;

const testApiUrl = process.env.RENTORA_TEST_API_URL;
if (testApiUrl) configureApi({ baseUrl: testApiUrl });

// jsdom lays nothing out and has no scrolling; the page's scroll position is all the site reads.
window.scrollTo = ((options: ScrollToOptions) => {
  Object.defineProperty(window, 'scrollY', { value: options.top ?? 0, configurable: true });
}) as typeof window.scrollTo;

beforeEach(() => {
  window.localStorage.clear();
});
