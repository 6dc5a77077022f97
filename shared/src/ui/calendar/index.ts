export * from './calendar';
export * from './calendar-dates';
export * from './pick-range';
export * from './day-prices';
