import {
  EACH_ATTRIBUTES,
  escapeHtml,
  FIRST_PAINT_TOKEN,
  isSafeImageUrl,
  PLURAL_NUMBER,
} from '@rentora/shared/first-paint';

/**
 * The server's half of the first-paint protocol (`@rentora/shared/first-paint`): a remote's page,
 * rendered by its build with tokens, filled in with the page's first read. A page whose tokens the
 * data cannot all fill is not painted at all (undefined): the server sends its skeleton instead.
 */

/** A field of an object, an item of a list by its index, or a list's length; undefined for anything else. */
function fieldOf(data: unknown, name: string): unknown {
  if (Array.isArray(data)) {
    if (name === 'length') return data.length;
    return /^\d+$/.test(name) ? (data as unknown[])[Number(name)] : undefined;
  }
  if (typeof data !== 'object' || data === null || !Object.hasOwn(data, name)) return undefined;
  return (data as Record<string, unknown>)[name];
}

const valueAt = (data: unknown, path: string) => (path === '' ? data : path.split('.').reduce<unknown>(fieldOf, data));

const PLURALS = new Intl.PluralRules('en-IN');

/** One token's text, or undefined when the data cannot fill it. */
function tokenText(kind: string, value: unknown, texts: string | undefined): string | undefined {
  if (kind === 'plural') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    const [, one = '', other = ''] = (texts ?? '').split('|');
    // The texts are the page's own HTML, escaped by its render already.
    return (PLURALS.select(value) === 'one' ? one : other).replaceAll(PLURAL_NUMBER, String(value));
  }
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  if (kind === 'url') return escapeHtml(encodeURIComponent(text));
  if (kind === 'src' && !isSafeImageUrl(text)) return undefined;
  return escapeHtml(text);
}

/** Fills every token of `html` from `data`; `item` is what `*` names inside a list's item. */
function fillTokens(html: string, data: unknown, item?: unknown): string | undefined {
  let failed = false;
  const filled = html.replace(FIRST_PAINT_TOKEN, (token, kind: string, path: string, texts?: string) => {
    const fromItem = path === '*' || path.startsWith('*.');
    if (fromItem && item === undefined) return token;
    const value = fromItem ? valueAt(item, path.slice(2)) : valueAt(data, path);
    const text = tokenText(kind, value, texts);
    if (text === undefined) failed = true;
    return text ?? '';
  });
  return failed ? undefined : filled;
}

/** A list template's items: the list's own, or its values of a field, A to Z, with how many have each. */
function itemsOf(list: unknown, groupBy: string | undefined): unknown[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const entries = list as unknown[];
  if (groupBy === undefined) return entries;
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const key = fieldOf(entry, groupBy);
    if (typeof key !== 'string') return undefined;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => ({ key, count }));
}

const TEMPLATE = /<template ([^>]*)>([\s\S]*?)<\/template>/g;
const attributeOf = (attributes: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1]?.replace(/&amp;/g, '&');

/** Each list template repeated once per item, filled with that item. */
function expandLists(html: string, data: unknown): string | undefined {
  let failed = false;
  const expanded = html.replace(TEMPLATE, (whole, attributes: string, itemHtml: string) => {
    const path = attributeOf(attributes, EACH_ATTRIBUTES.path);
    if (path === undefined) return whole;
    const items = itemsOf(valueAt(data, path), attributeOf(attributes, EACH_ATTRIBUTES.groupBy));
    if (!items) {
      failed = true;
      return '';
    }
    const from = Number(attributeOf(attributes, EACH_ATTRIBUTES.from) ?? 0);
    const max = Number(attributeOf(attributes, EACH_ATTRIBUTES.max) ?? Infinity);
    return items
      .slice(from, from + max)
      .map((item) => {
        const filled = fillTokens(itemHtml, data, item ?? null);
        if (filled === undefined) failed = true;
        return filled ?? '';
      })
      .join('');
  });
  return failed ? undefined : expanded;
}

/** The first paint with the page's data written in, escaped; undefined unless the data fills every token. */
export function fillFirstPaint(html: string, data: unknown): string | undefined {
  if (data === undefined) return undefined;
  const expanded = expandLists(html, data);
  return expanded === undefined ? undefined : fillTokens(expanded, data);
}
