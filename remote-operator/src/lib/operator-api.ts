import { $token, setBusinessTimeZone } from '@rentora/state';

/**
 * The operator side's calls: every `/api/operator/*` path needs the reader's token, which
 * `@rentora/state`'s public client does not send, so this remote carries its own small client.
 * The API is on the page's own origin ('' here); only the component tests point it elsewhere.
 */
let baseUrl = '';

export function configureOperatorApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/$/, '');
}

/** A refused or failed call, with the server's message (or the site's words for an outage). */
export class OperatorApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's whole JSON body: some carry fields beside `message` (a 409's `upcoming_rentals`). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'OperatorApiError';
  }
}

/** The status an unreachable server is reported with: no HTTP answer came. */
export const NO_ANSWER = 0;
export const NO_ANSWER_MESSAGE = 'The server could not be reached. Try again.';

/** Calls the API as the signed-in reader; resolves with the JSON body, or throws OperatorApiError. */
export async function operatorCall<T>(
  method: string,
  path: string,
  payload?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const token = $token.get();
  const headers: Record<string, string> = { ...extraHeaders, ...(token && { Authorization: `Bearer ${token}` }) };
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(payload !== undefined && { body: JSON.stringify(payload) }),
    });
  } catch {
    throw new OperatorApiError(NO_ANSWER, NO_ANSWER_MESSAGE);
  }
  // Operator answers name the business time zone too; the pages count "today" in it.
  const timeZone = response.headers.get('Business-Time-Zone');
  if (timeZone) setBusinessTimeZone(timeZone);
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    throw new OperatorApiError(response.status, body.message || `The server answered ${response.status}.`, body);
  }
  return body as T;
}

/**
 * Fetches a file as the signed-in reader (a link cannot send the token) and hands it to the
 * browser as a download named `fileName`.
 */
export async function operatorDownload(path: string, fileName: string): Promise<void> {
  const token = $token.get();
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new OperatorApiError(NO_ANSWER, NO_ANSWER_MESSAGE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new OperatorApiError(response.status, body.message || `The server answered ${response.status}.`, body);
  }
  const address = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: address, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(address), 0);
}
