/** An answer the client should see as it is: a 4xx (or a 503 to retry) and a user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After: when the client may try again. */
    readonly retryAfterSeconds?: number,
    /** Fields sent beside `message`, for a client to act on without reading the words. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const BUSY = 'The service is busy right now. Please try again in a moment.';
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Too much work at once (a full queue, an unreachable database): nothing the client did wrong. */
export const busy = () => new ApiError(503, BUSY, BUSY_RETRY_AFTER_SECONDS);

export const CONTENDED = 'Someone else was changing this at the same moment. Please try again.';

/** A write that lost a race with another every time it was run: the client may simply send it again. */
export const contended = () => new ApiError(409, CONTENDED);

export const NOT_AUTHENTICATED = 'Please log in again.';

export const unauthorized = () => new ApiError(401, NOT_AUTHENTICATED);
export const vehicleNotFound = () => new ApiError(404, 'This car does not exist.');

/** A rental that does not exist, or is another customer's: the same words, so neither is told apart. */
export const NO_SUCH_RENTAL = 'There is no such rental.';
