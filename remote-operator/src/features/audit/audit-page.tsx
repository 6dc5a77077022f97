import { useStore } from '@rentora/state';
import { useSearchParams } from '@rentora/state/router';
import { DataTable, type Column } from '../../lib/data-table';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads, type ListPage } from '../../lib/operator-reads';
import { AUDIT_PER_PAGE, type AuditEntry } from '@rentora/shared/operator';
import { Pager } from '../../lib/pager';
import { ReadFailure } from '../../lib/read-state';
import styles from './audit-page.module.css';

const AUDIT_PATH = '/api/operator/audit';

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

const COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When', cell: (entry) => WHEN.format(new Date(entry.created_at)) },
  { header: 'Who', cell: (entry) => entry.actor },
  { header: 'What', cell: (entry) => `${actionText(entry.action)} · ${subjectText(entry.subject)}` },
  { header: 'Change', cell: (entry) => <Change before={entry.before} after={entry.after} /> },
];

/** `role.changed` → 'Role changed'. */
const actionText = (action: string) => {
  const words = action.replaceAll(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * `vehicle:<_id>` → 'car <_id>', `booking:<id>` → 'booking #<id>', `add-on:<id>` → 'add-on #<id>',
 * `settings` → 'tax and invoice settings', `user:<email>` → the email.
 */
const subjectText = (subject: string) => {
  const [kind, ...rest] = subject.split(':');
  const id = rest.join(':');
  if (kind === 'vehicle') return `car ${id}`;
  if (kind === 'booking') return `booking #${id}`;
  if (kind === 'add-on') return `add-on #${id}`;
  if (subject === 'settings') return 'tax and invoice settings';
  return id || subject;
};

/** `/operator/audit` (admins): every change to a car, a block, a stage, a role, an add-on or the settings, newest first. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const read = useStore(operatorRead<ListPage<AuditEntry>>(`${AUDIT_PATH}?page=${page}`));
  return (
    <OperatorLayout heading="Audit" intro="Who changed what, and when: written with each change, never edited.">
      {read.error ? (
        <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(AUDIT_PATH)} />
      ) : (
        <>
          <DataTable
            caption="Changes"
            columns={COLUMNS}
            rows={read.data?.items ?? []}
            rowKey={(entry) => entry.id}
            busy={read.loading}
            empty={read.loading ? 'Loading the audit…' : 'No changes yet.'}
          />
          <Pager
            page={page}
            perPage={AUDIT_PER_PAGE}
            total={read.data?.total}
            nouns={['change', 'changes']}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true })}
          />
        </>
      )}
    </OperatorLayout>
  );
}

/** Only the fields that changed, before → after. */
function Change({ before, after }: Pick<AuditEntry, 'before' | 'after'>) {
  const was = before ?? {};
  const now = after ?? {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]),
  );
  if (fields.length === 0) return <span className={styles.none}>—</span>;
  return (
    <ul className={styles.changes}>
      {fields.map((field) => (
        <li key={field}>
          <span className={styles.field}>{field}</span> {show(was[field])} → {show(now[field])}
        </li>
      ))}
    </ul>
  );
}

const show = (value: unknown) =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
