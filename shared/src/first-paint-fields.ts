/**
 * A remote page's first paint may show its data: the remote's build renders the page with a
 * token in place of each field it shows, and the host's server writes in the field's value from
 * the page's first API read, HTML-escaped (docs/architecture.md §2). A field is a name
 * (`car_name`) or, in a list, an item's index and name (`0.car_name`). Only text and number
 * fields can be written in; a page's parts that need more (a rating's stars, a calendar) stay
 * skeletons.
 */
export function firstPaintField(path: string): string {
  return `{data:${path}}`;
}

/** Every token in a first paint: `[token, field path]`. */
export const FIRST_PAINT_FIELD = /\{data:((?:\d+\.)?[a-z_]+)\}/g;
