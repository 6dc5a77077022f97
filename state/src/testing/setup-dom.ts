import '@testing-library/jest-dom';
import '@rentora/shared/testing/fail-on-console-error';
import { configureApi } from '../api/client';

const testApiUrl = process.env.RENTORA_TEST_API_URL;
if (testApiUrl) configureApi({ baseUrl: testApiUrl });

// jsdom lays nothing out and has no scrolling; the page's scroll position is all the site reads.
window.scrollTo = ((options: ScrollToOptions) => {
  Object.defineProperty(window, 'scrollY', { value: options.top ?? 0, configurable: true });
}) as typeof window.scrollTo;

beforeEach(() => {
  window.localStorage.clear();
});
