export interface RevalidatingReaderOptions {
  /** How long a page waits for the file before it goes out without what the file would add. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Reads one JSON file of another server, revalidating with its ETag on every call (a cheap 304),
 * so a new deploy is seen at once. Concurrent calls share one request; a slow or failed server
 * answers undefined quickly, and the page goes out without it rather than late.
 */
export function createRevalidatingReader<T>(
  url: string,
  parse: (body: unknown) => T,
  options: RevalidatingReaderOptions = {},
): () => Promise<T | undefined> {
  const { timeoutMs = 500, fetch: fetchFile = fetch } = options;
  let known: { etag: string | null; value: T } | undefined;
  let inFlight: Promise<T | undefined> | undefined;

  const revalidate = async (): Promise<T | undefined> => {
    try {
      const headers: Record<string, string> = known?.etag ? { 'if-none-match': known.etag } : {};
      const response = await fetchFile(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 304 && known) return known.value;
      if (!response.ok) {
        known = undefined;
        return undefined;
      }
      const value = parse(await response.json());
      known = { etag: response.headers.get('etag'), value };
      return value;
    } catch {
      return undefined;
    }
  };

  return () => {
    inFlight ??= revalidate().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}
