import { MAX_LENGTH, closedObject, messageSchema, requestText } from '@rentora/shared/schemas';

/** Response schemas for error statuses, all `{ message }`; any route may answer 500, or 503 with Retry-After. */
export function errorResponses<const Code extends number>(
  ...statusCodes: Code[]
): Record<Code | 500 | 503, typeof messageSchema> {
  return Object.fromEntries([...statusCodes, 500, 503].map((code) => [code, messageSchema])) as Record<
    Code | 500 | 503,
    typeof messageSchema
  >;
}

export const bearerAuth = [{ bearerAuth: [] }];

export const vehicleIdParams = closedObject({ vehicleId: requestText(MAX_LENGTH.id) }, ['vehicleId']);

/** A table row's id in a path (a rental, a booking, a payment, a block): a positive integer, as text. */
export const rowId = { type: 'string', pattern: '^[1-9][0-9]{0,9}$', maxLength: 10 } as const;

/** `/…/{id}` where the id is a row's. */
export const rowIdParams = closedObject({ id: rowId }, ['id']);

/** The header of a call made once per key (services/idempotent-call.ts). */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'A retried request with the same key and body gets the first answer instead of acting twice.',
    },
  },
} as const;
