export * from './calendar';
export * from './calendar-dates';
export * from './pick-range';
