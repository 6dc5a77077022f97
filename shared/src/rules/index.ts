export * from './auth';
export * from './booking';
export * from './blocks';
export * from './clash';
export * from './date-range';
export * from './messages';
export * from './patterns';
export { AVATAR_IDS, type AvatarId } from '../types';
export { VEHICLE_TYPES } from '../schemas';
