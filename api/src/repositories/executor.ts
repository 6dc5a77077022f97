import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A database or an open transaction: repositories work on either. */
export type Executor = Kysely<Database>;
