export * from './app-config';
export * from './federation';
