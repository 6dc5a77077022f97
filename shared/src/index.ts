export * from './types';
export * from './rules';
export * from './format';
export * from './ui';
export * from './apps';
export * from './first-paint';
export * from './bounded-map';
export * from './checkout';
