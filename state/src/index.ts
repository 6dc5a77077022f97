export * from './api/client';
export * from './api/idempotency-key';
export * from './stores/auth';
export * from './stores/business-time';
export * from './stores/live-availability';
export * from './stores/modal';
export * from './stores/page-paths';
export * from './stores/reads';
export * from './stores/search';
export * from './stores/toasts';
export * from './stores/vehicles';
export * from './contract';
export * from './page-table';
export * from './site';
// The one way apps read a store in React, and make fetcher stores of their own: bundled inside
// this singleton, so the stores' library is shipped once and only the parts used
// (docs/architecture.md §2).
export { useStore } from '@nanostores/react';
export { nanoquery } from '@nanostores/query';
