/**
 * The parts every API shape is built of (`schemas.ts`, `operator.ts`), written once so that a field
 * is checked alike on every endpoint, public or staff.
 */
import { PLAIN_TEXT_FORMAT, isPlainText } from './rules/plain-text';

/** Caps on what a client may send, so no field makes the server parse, hash or store megabytes. */
export const MAX_LENGTH = {
  id: 512,
  name: 200,
  email: 320,
  /** Above the password rule's own limit, so a long password gets that rule's message. */
  password: 1024,
  address: 500,
  city: 100,
  short: 32,
} as const;

/** Any text, in an answer. */
export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;

/** A calendar day, `YYYY-MM-DD`: a real one when a request sends it. */
export const isoDate = { type: 'string', format: 'date', maxLength: 10 } as const;

/**
 * A request's text field, capped, and plain (`rules/plain-text.ts`): every text a client sends is
 * one others may see, on a page, an invoice or in the audit log. Only a secret is not (`secretText`).
 */
export const requestText = <Description extends string | undefined = undefined>(
  maxLength: number,
  description?: Description,
) =>
  ({
    type: 'string',
    maxLength,
    format: PLAIN_TEXT_FORMAT,
    ...(description === undefined ? {} : { description }),
  }) as const;

/** The formats of our own these parts use, for the validator that checks requests against them. */
export const SCHEMA_FORMATS = { [PLAIN_TEXT_FORMAT]: isPlainText } as const;

/** A password: hashed, never shown, so any character may be in it. */
export const secretText = (maxLength: number) => ({ type: 'string', maxLength }) as const;

/** Text a person must fill in: not blank, capped, plain. */
export const filledText = (maxLength: number) => ({ ...requestText(maxLength), minLength: 1, pattern: '\\S' }) as const;

/** One of a few words, as a request sends it: capped like every request string. */
export const choice = <const Values extends readonly string[]>(values: Values) =>
  ({ type: 'string', enum: values, maxLength: MAX_LENGTH.short }) as const;

/**
 * An object schema that allows no other fields, as every API shape is: json-schema-to-ts types
 * an open object with an index signature, and the serialisers drop unlisted fields anyway.
 */
export function closedObject<
  const Properties extends Record<string, unknown>,
  const Required extends readonly (keyof Properties & string)[],
>(properties: Properties, required: Required) {
  return { type: 'object', required, additionalProperties: false, properties } as const;
}

/** A closed object whose fields are all optional. */
export function optionalFields<const Properties extends Record<string, unknown>>(properties: Properties) {
  return { type: 'object', additionalProperties: false, properties } as const;
}
