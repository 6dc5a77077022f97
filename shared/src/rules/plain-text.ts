/**
 * What text a person sends may hold when others will see it (a page, a tax invoice and its PDF,
 * the audit log): no control or format characters (Unicode Cc and Cf: line breaks, tabs, the
 * direction overrides and isolates, zero-width marks), no line or paragraph separators, and no
 * half of a surrogate pair, so that what is stored prints as it reads. Ordinary spaces stay.
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/** The JSON Schema format of such text (`requestText` in `@rentora/shared/schemas`); the API checks it with `isPlainText`. */
export const PLAIN_TEXT_FORMAT = 'plain-text';

export function isPlainText(value: string): boolean {
  return !HIDDEN_CHARACTER.test(value);
}

/** The API's refusal of a field (`name`, `buyer.address`) that holds a hidden character. */
export const notPlainText = (field: string) =>
  `${field} must not hold hidden characters: line breaks, tabs, direction marks or other control characters.`;

/** Beside a form's field that holds one (pasted, most likely: a one-line input cannot take a line break). */
export const NOT_PLAIN_TEXT_HINT = 'Remove the hidden characters pasted here: line breaks, tabs or direction marks.';

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;

/**
 * What a multi-line box typed sends: its lines, each trimmed, joined by `separator` (a comma for
 * an address), so a line break someone typed on purpose is never refused.
 */
export function oneLine(text: string, separator = ' '): string {
  return text
    .split(LINE_BREAK)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(separator);
}
