import type { ErrorInfo } from 'react';

/**
 * Errors an error boundary caught are already shown to the user (a remote's retry panel), so
 * they are noted as warnings for developers rather than reported as console errors.
 */
export function reportCaughtError(error: unknown, info: ErrorInfo): void {
  const message = error instanceof Error ? error.message : String(error);
  // eslint-disable-next-line no-console
  console.warn(`Rentora recovered from an error: ${message}`, info.componentStack ?? '');
}
