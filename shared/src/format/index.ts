export * from './dates';
export * from './money';
export * from './zone-clock';
