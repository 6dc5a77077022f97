/**
 * Documents' PDFs rendered once and kept (docs/decisions/0030-credit-notes.md). An invoice or a
 * credit note never changes, so its PDF is rendered on its first request, kept in the database
 * beside it, and sent from there ever after. A burst of first requests in this process shares
 * one rendering: rendering holds the event loop for tens of milliseconds, the page server's too.
 */
const rendering = new Map<string, Promise<Buffer>>();

export interface KeptPdf {
  /** Unique among every document: the invoice's or the credit note's number. */
  key: string;
  read: () => Promise<Buffer | undefined>;
  render: () => Promise<Buffer>;
  keep: (pdf: Buffer) => Promise<void>;
}

export async function keptPdf({ key, read, render, keep }: KeptPdf): Promise<Buffer> {
  const kept = await read();
  if (kept !== undefined) return kept;
  let pending = rendering.get(key);
  if (pending === undefined) {
    pending = render()
      .then(async (pdf) => {
        await keep(pdf);
        return pdf;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}
