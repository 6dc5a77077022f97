/** An answer the client should see as it is: a 4xx status and a user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NOT_AUTHENTICATED = 'Please log in again.';

export const unauthorized = () => new ApiError(401, NOT_AUTHENTICATED);
export const vehicleNotFound = () => new ApiError(404, 'This car does not exist.');
