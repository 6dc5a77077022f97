import { IMAGE_URL_PATTERN } from './rules/patterns';

/**
 * The first-paint protocol (docs/architecture.md §2; ADRs 0011 and 0015): how a page's HTML is put
 * together before any script runs, between the remotes' builds (which render their pages with
 * tokens), the host's build (which marks its shell), the server (which fills both in per
 * request) and the host in the browser (which takes the page over). Every marker, attribute,
 * class, token and escape of that exchange is defined here, and code takes it from here; a
 * stylesheet, which cannot import it, names what it selects (`shared/src/styles/base.css`).
 */

// ——— The host's shell ———

/** The element the host's shell is in, and React renders into. */
export const ROOT_ID = 'root';
/** The element right after the shell: no frame is painted before it is parsed (`<link rel="expect">`). */
export const SHELL_PARSED_ID = 'shell-parsed';
/** On what the host's build renders in a remote page's place; the build puts PAGE_MARKER there. */
export const PAGE_PLACEHOLDER_ATTRIBUTE = 'data-page-placeholder';

/** On the element that holds a remote's page: the page's module id (`catalog/FleetPage`). */
export const PAGE_SLOT_ATTRIBUTE = 'data-page-slot';
/** On the element the server writes a remote's page into, until the remote's code replaces it. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';
/** On a navigation list (`header`, `menu`, `footer`): the server writes the site's links into it. */
export const NAV_LIST_ATTRIBUTE = 'data-nav-list';
/**
 * On the host's 404 page: a document that has it was answered 404 (for a car the API does not have,
 * say), so the host keeps showing its 404 page until its own read of that car says otherwise.
 */
export const NOT_FOUND_ATTRIBUTE = 'data-not-found';
/** On text whose lines could wrap differently in the fallback font: in a first paint it waits for the web fonts. */
export const WAITS_FOR_FONTS_ATTRIBUTE = 'data-waits-for-fonts';
/** On `<html>` once the web fonts are in (or the wait for them is over): that text shows then. */
export const FONTS_READY_CLASS = 'fonts-ready';
/**
 * On `<html>` of a first paint with no text waiting for the web fonts: it paints in their
 * metric-matched fallbacks, and the start-up script asks for the web fonts only after that paint,
 * then takes the class off. Fonts that arrive before a first paint hold it back.
 */
export const FONTS_LATER_CLASS = 'fonts-later';
/** Marks a JSON data block of link attributes the page adds once it has painted (ADR 0013). */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

/** Where, in the host's shell, the server writes the page. */
export const PAGE_MARKER = '<!--rentora:page-->';
/** Where, in the head, the server writes what only it knows (remote URLs, page tables, hints, inline CSS). */
export const HEAD_MARKER = '<!--rentora:head-->';
/** Where a navigation list's links go. */
export const navListMarker = (list: string) => `<!--rentora:nav ${list}-->`;
/** Every marker above, for a page with no server to fill it in (a static host's one shell). */
export const ANY_MARKER = /<!--rentora:[^>]*-->/g;

/**
 * The two tokens of a navigation link's template: its target and its text. The target is a path
 * from the root, as every link's is: the router resolves any other against the page it is on.
 */
export const NAV_HREF_TOKEN = '/{nav:href}';
export const NAV_LABEL_TOKEN = '{nav:label}';

/**
 * A link to another app's page by its name, in a page the host prerenders (About): the host's build
 * cannot know the path, so the server writes it in from the live page tables.
 */
export const pageLinkToken = (name: string) => `/{page:${name}}`;
/** Every page-link token of a shell, with the page's name as its group. */
export const PAGE_LINK_TOKENS = /\/\{page:([a-z0-9-]+)\}/g;

// ——— A remote's page, rendered with tokens ———

/**
 * A field of the page's first read, written in as text: `car_name`, or in a list `0.car_name`; in a
 * list's item template (`firstPaintEach`) `*.car_name` is the item's own. Only text and numbers can
 * be written in: a first paint that needs anything else of its data keeps the page's skeleton.
 * A token that the page URL-encoded (a link to the car) is written URL-encoded; one in a `src` or
 * `srcset` must be an https URL with no space or comma.
 */
export function firstPaintField(path: string): string {
  return `{data:${path}}`;
}

/** A number of the read written as words that agree with it: `firstPaintPlural('length', '# Result', '# Results')`. */
export function firstPaintPlural(path: string, one: string, other: string): string {
  return `{plural:${path}|${one}|${other}}`;
}

/** What a plural's texts put the number in place of. */
export const PLURAL_NUMBER = '#';

/**
 * Every token in a first paint: `[token, kind, field path, rest]`. `data` writes the field as text;
 * `url` URL-encoded (what `encodeURIComponent` made of a `data` token, read back by the build);
 * `src` as an image URL (a `data` token in `src`/`srcset`, marked by the build); `plural` one of
 * two texts.
 */
export const FIRST_PAINT_TOKEN = /\{(data|url|src|plural):([\w*.]+)((?:\|[^|{}]*){2})?\}/g;

/**
 * Attributes of a `<template>` whose content is a list's item, repeated once per item of the list
 * at `path` (`''`: the read itself), from `from`, at most `max` times; grouped by a field, the items
 * are that field's values A to Z (`*.key`) with how many have each (`*.count`).
 */
export interface FirstPaintEach {
  path: string;
  from?: number;
  max?: number;
  groupBy?: string;
}

export const EACH_ATTRIBUTES = {
  path: 'data-paint-each',
  from: 'data-paint-from',
  max: 'data-paint-max',
  groupBy: 'data-paint-group-by',
} as const;

/** The `<template>` attributes for a list (React passes `data-*` attributes through). */
export function firstPaintEach({ path, from, max, groupBy }: FirstPaintEach): Record<string, string> {
  return {
    [EACH_ATTRIBUTES.path]: path,
    ...(from !== undefined && { [EACH_ATTRIBUTES.from]: String(from) }),
    ...(max !== undefined && { [EACH_ATTRIBUTES.max]: String(max) }),
    ...(groupBy !== undefined && { [EACH_ATTRIBUTES.groupBy]: groupBy }),
  };
}

/**
 * What a remote's build makes of its rendered first paint: a `data` token the page URL-encoded (a
 * car's link, `encodeURIComponent`) becomes a `url` token, and one in a `src` or `srcset` a `src`
 * token, so the server writes each as what it is.
 */
export function classifyFirstPaintTokens(html: string): string {
  return html
    .replace(/%7Bdata%3A([\w*.]+)%7D/gi, (_token, path: string) => `{url:${path}}`)
    .replace(
      /(\s(?:src|srcset|imagesrcset)=")([^"]*)"/gi,
      (_attribute, name: string, value: string) => `${name}${value.replaceAll('{data:', '{src:')}"`,
    );
}

/**
 * A day counted from today in the business time zone, `YYYY-MM-DD`, written by the server per
 * request from its own clock (the API's `BUSINESS_TZ`): `firstPaintDay(0)` is today,
 * `firstPaintDay(MAX_DAYS_AHEAD)` the last day a pick-up may be on. A page's HTML is rendered when
 * its remote is built, so a day it shows or allows (a date field's `min` and `max`) must be this
 * token, never the day of the build. In a first paint and a skeleton alike; it needs no data.
 */
export function firstPaintDay(daysFromToday: number): string {
  if (!Number.isSafeInteger(daysFromToday) || daysFromToday < 0) {
    throw new RangeError(`A first paint's day is a whole number of days from today, not ${daysFromToday}.`);
  }
  return `${DAY_TOKEN_START}+${daysFromToday}}`;
}

/** How every day token begins: HTML without it has no day to write. */
export const DAY_TOKEN_START = '{day:';

/** Every day token in a page's HTML: `[token, days from today]`. */
export const FIRST_PAINT_DAY_TOKEN = /\{day:\+(\d+)\}/g;

/**
 * Around a remote's first paint in its slot: React's own marks of a Suspense boundary its server
 * finished (what `renderToString` writes), so the host's slot, a Suspense boundary, adopts it as
 * it is (`host/src/app/remote-page.tsx`).
 */
export const SUSPENSE_START = '<!--$-->';
export const SUSPENSE_END = '<!--/$-->';

/** What a first paint's asset URLs start with; the server puts the remote's URL in its place. */
export const REMOTE_URL_PLACEHOLDER = '{remote}/';

/** The id of the JSON the server writes into every page: the remotes' URLs and the site's page table. */
export const SITE_CONFIG_ID = 'rentora-site';

// ——— Handing the page over ———

/**
 * Dispatched on `document` by the host once React has adopted the page's HTML: from then on the
 * shell's buttons are React's, and what the reader pressed before is pressed again.
 */
export const SITE_STARTED_EVENT = 'rentora:started';

/**
 * Dispatched by the host on a page's slot once the remote's own page has replaced the first paint
 * there: what the reader typed, chose, focused or submitted in it is handed over.
 */
export const PAGE_SHOWN_EVENT = 'rentora:page-shown';

// ——— Escaping ———

/** Text for HTML, in an element or an attribute value alike. The one HTML escaper of the site's pages. */
export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** JSON inside a `<script>` element: nothing in it can close the element. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** An image URL a first paint may write into `src`/`srcset`: a car photo's shape (https, nothing that would split a srcset). */
export const isSafeImageUrl = (value: string) => IMAGE_URL_PATTERN.test(value);
