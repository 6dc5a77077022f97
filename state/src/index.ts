export * from './api/client';
export * from './api/idempotency-key';
export * from './stores/auth';
export * from './stores/modal';
export * from './stores/search';
export * from './stores/toasts';
export * from './stores/vehicles';
export * from './contract';
