export interface RevalidatingReaderOptions {
  /** How long a page waits for the file before it goes out without what the file would add. */
  timeoutMs?: number;
  /**
   * How long an answer is taken as current before the file is asked for again: a page served
   * within this time of the last check uses what that check found (0: every call checks).
   */
  freshForMs?: number;
  /** Whether a file that cannot be reached (a timeout, a dropped connection) reads as its last known version. */
  keepOnFailure?: boolean;
  fetch?: typeof fetch;
}

/**
 * Reads one JSON file of another server, revalidating with its ETag (a cheap 304), so a new deploy
 * is seen on the next call, or within `freshForMs` of it. Concurrent calls share one request; a
 * slow or failed server answers undefined quickly, and the page goes out without it rather than
 * late. An unchanged file keeps its parsed value, the very same object.
 */
export function createRevalidatingReader<T>(
  url: string,
  parse: (body: unknown) => T,
  options: RevalidatingReaderOptions = {},
): () => Promise<T | undefined> {
  const { timeoutMs = 500, freshForMs = 0, keepOnFailure = false, fetch: fetchFile = fetch } = options;
  let known: { etag: string | null; value: T } | undefined;
  let checkedAt = -Infinity;
  let inFlight: Promise<T | undefined> | undefined;

  const revalidate = async (): Promise<T | undefined> => {
    try {
      // fetch sends `Cache-Control: no-cache` with a conditional request unless told otherwise, and
      // a server then answers in full: `max-age=0` asks for the same revalidation, 304 included.
      // Unencoded: a static server's compressed copies carry ETags of their own that it does not
      // revalidate (@fastify/static answers 200 to them), and the answer is mostly a 304 anyway.
      const headers: Record<string, string> = { 'accept-encoding': 'identity', 'cache-control': 'max-age=0' };
      if (known?.etag) headers['if-none-match'] = known.etag;
      const response = await fetchFile(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      checkedAt = performance.now();
      if (response.status === 304 && known) return known.value;
      if (!response.ok) {
        known = undefined;
        return undefined;
      }
      const value = parse(await response.json());
      known = { etag: response.headers.get('etag'), value };
      return value;
    } catch {
      return keepOnFailure ? known?.value : undefined;
    }
  };

  return () => {
    if (known && performance.now() - checkedAt < freshForMs) return Promise.resolve(known.value);
    inFlight ??= revalidate().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
