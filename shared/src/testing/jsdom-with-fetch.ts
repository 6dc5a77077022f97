import JsdomEnvironment from 'jest-environment-jsdom';

/**
 * jsdom without a fetch would force tests to mock the network; this environment hands the
 * page Node's own fetch instead, so component tests talk to the real API.
 */
export default class JsdomWithFetchEnvironment extends JsdomEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      structuredClone,
    });
  }
}
