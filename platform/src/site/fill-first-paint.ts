import {
  EACH_ATTRIBUTES,
  escapeHtml,
  DAY_TOKEN_START,
  FIRST_PAINT_DAY_TOKEN,
  FIRST_PAINT_TOKEN,
  isSafeImageUrl,
  PLURAL_NUMBER,
} from '@rentora/shared/first-paint';
import { addDays } from '@rentora/shared/format';

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

/** A token's kind, field path and plural texts, as FIRST_PAINT_TOKEN captures them. */
type TokenParts = [kind: string, path: string, texts: string | undefined];

/** The text of the token `[kind, path, texts]` from `data`; `item` is what `*` names inside a list's item. */
function filledToken(data: unknown, item: unknown, [kind, path, texts]: TokenParts): string | undefined {
  const fromItem = path === '*' || path.startsWith('*.');
  // A token of a list's item outside a list's template has nothing to name.
  if (fromItem && item === undefined) return undefined;
  return tokenText(kind, fromItem ? valueAt(item, path.slice(2)) : valueAt(data, path), texts);
}

/** A list item's template filled with that item: one pass over the template, which is the page's own HTML. */
function fillItem(itemHtml: string, data: unknown, item: unknown): string | undefined {
  let failed = false;
  const filled = itemHtml.replace(FIRST_PAINT_TOKEN, (_token, kind: string, path: string, texts?: string) => {
    const text = filledToken(data, item, [kind, path, texts]);
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

const attributeOf = (attributes: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1]?.replace(/&amp;/g, '&');

/** A list's template, repeated once per item of the list, each filled with its item; undefined if the data cannot. */
function listHtml(attributes: string, itemHtml: string, data: unknown): string | undefined {
  const items = itemsOf(
    valueAt(data, attributeOf(attributes, EACH_ATTRIBUTES.path) ?? ''),
    attributeOf(attributes, EACH_ATTRIBUTES.groupBy),
  );
  if (!items) return undefined;
  const from = Number(attributeOf(attributes, EACH_ATTRIBUTES.from) ?? 0);
  const max = Number(attributeOf(attributes, EACH_ATTRIBUTES.max) ?? Infinity);
  const filled = items.slice(from, from + max).map((item) => fillItem(itemHtml, data, item ?? null));
  return filled.includes(undefined) ? undefined : filled.join('');
}

/** A list's `<template>` (its attributes, its item's HTML), or a token: `[, attributes, itemHtml, kind, path, texts]`. */
const LIST_OR_TOKEN = new RegExp(
  `<template ([^>]*\\b${EACH_ATTRIBUTES.path}="[^"]*"[^>]*)>([\\s\\S]*?)<\\/template>|${FIRST_PAINT_TOKEN.source}`,
  'g',
);

/**
 * The first paint with the page's data written in, escaped; undefined unless the data fills every
 * token. One pass over the page's HTML: what the data writes in is never read again, so a car's
 * text that looks like a token (`{data:0.description}`) is shown as it is.
 */
export function fillFirstPaint(html: string, data: unknown): string | undefined {
  if (data === undefined) return undefined;
  let failed = false;
  const filled = html.replace(
    LIST_OR_TOKEN,
    (_whole, attributes: string | undefined, itemHtml: string, kind: string, path: string, texts?: string) => {
      const text =
        attributes === undefined
          ? filledToken(data, undefined, [kind, path, texts])
          : listHtml(attributes, itemHtml, data);
      if (text === undefined) failed = true;
      return text ?? '';
    },
  );
  return failed ? undefined : filled;
}

/**
 * A page's HTML (its first paint or its skeleton) with its day tokens (`firstPaintDay`) written as
 * the days they count from `today`, the server's today in the business time zone (YYYY-MM-DD).
 * Done before the data is filled in, so no text of the data is ever read as a token.
 */
export function fillDays(html: string, today: string): string {
  if (!html.includes(DAY_TOKEN_START)) return html;
  return html.replace(FIRST_PAINT_DAY_TOKEN, (_token, days: string) => escapeHtml(addDays(today, Number(days))));
}
