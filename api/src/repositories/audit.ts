import type { AuditEntry } from '@rentora/shared/operator';
import { AUDIT_PER_PAGE } from '@rentora/shared/operator';
import { isoTimestamp } from '../db/timestamps';
import type { Executor } from './executor';

export interface AuditRecord {
  /** The email of who made the change. */
  actor: string;
  action: string;
  /** `vehicle:<_id>`, `booking:<id>`, `user:<email>`, `add-on:<id>` or `settings`. */
  subject: string;
  before: object | null;
  after: object | null;
}

/** Written with the transaction of the change it records, so neither is ever kept without the other. */
export async function recordAudit(db: Executor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      ...record,
      before: record.before === null ? null : JSON.stringify(record.before),
      after: record.after === null ? null : JSON.stringify(record.after),
    })
    .execute();
}

const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

/** Newest first, `AUDIT_PER_PAGE` a page. */
export async function listAudit(db: Executor, page: number): Promise<{ items: AuditEntry[]; total: number }> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(AUDIT_PER_PAGE)
    .offset((page - 1) * AUDIT_PER_PAGE)
    .execute();
  const { total } = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => ({
      ...row,
      created_at: isoTimestamp(row.created_at),
      before: parsed(row.before),
      after: parsed(row.after),
    })),
    total: Number(total),
  };
}
