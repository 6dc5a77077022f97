import type { Engine } from './connect';

/**
 * An instant written as each engine stores `created_at`-style columns, so it compares with them:
 * SQLite's CURRENT_TIMESTAMP text (UTC, `YYYY-MM-DD HH:MM:SS`), PostgreSQL's timestamptz (ISO).
 */
export function storedTimestamp(engine: Engine, epochMs: number): string {
  const iso = new Date(epochMs).toISOString();
  return engine === 'sqlite' ? iso.slice(0, 19).replace('T', ' ') : iso;
}

/** A stored `created_at`-style value of either engine as ISO 8601 UTC, as the API answers it. */
export function isoTimestamp(stored: string): string {
  const text = stored.replace(' ', 'T');
  const zoned = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(text) ? text.replace(/([+-]\d{2})$/, '$1:00') : `${text}Z`;
  return new Date(zoned).toISOString();
}
