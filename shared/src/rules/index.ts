export * from './auth';
export * from './booking';
export * from './clash';
export * from './messages';
export * from './patterns';
