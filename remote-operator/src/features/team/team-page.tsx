import { useState, type FormEvent } from 'react';
import { Button, Field } from '@rentora/shared';
import { $user, showToast, useStore } from '@rentora/state';
import { ChoiceField } from '../../lib/choice-field';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { DataTable, type Column } from '../../lib/data-table';
import { ROLE_LABELS } from '../../lib/labels';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorCall } from '../../lib/operator-api';
import { operatorRead, refreshOperatorReads } from '../../lib/operator-reads';
import type { Role, TeamMember } from '@rentora/shared/operator';
import { ReadFailure } from '../../lib/read-state';
import { RowAction } from '../../lib/row-action';
import styles from './team-page.module.css';

const TEAM_PATH = '/api/operator/users';

/** The roles an admin can give, in the order offered: admins too (docs/decisions/0020-staff-and-trust.md). */
const GIVEN_ROLES = ['operator', 'admin', 'customer'] as const satisfies readonly Role[];
const ROLE_NAMES: Record<Role, string> = { customer: 'a customer', operator: 'an operator', admin: 'an admin' };

const COLUMNS: readonly Column<TeamMember>[] = [
  { header: 'Name', cell: (member) => member.name },
  { header: 'Email', cell: (member) => member.email },
  { header: 'Role', cell: (member) => ROLE_LABELS[member.role] },
];

/** Gives an account a role; resolves once the server has, after a toast either way. */
async function giveRole(email: string, role: Role): Promise<void> {
  try {
    await operatorCall('PUT', `${TEAM_PATH}/${encodeURIComponent(email)}/role`, { role });
  } catch (error) {
    showToast('error', (error as Error).message);
    throw error;
  }
  showToast('success', `${email} is now ${ROLE_NAMES[role]}.`);
  refreshOperatorReads(TEAM_PATH);
}

/**
 * `/operator/team` (admins): who runs the fleet; makes an account an operator or an admin, or a
 * customer again. The last admin cannot step down: the server refuses it, and the toast says so.
 */
export function TeamPage() {
  const read = useStore(operatorRead<{ items: TeamMember[] }>(TEAM_PATH));
  const me = useStore($user);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('operator');
  const [busy, setBusy] = useState(false);
  const [demoting, setDemoting] = useState<TeamMember>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await giveRole(email.trim(), role);
      setEmail('');
    } catch {
      // The toast said why; the form keeps the address.
    } finally {
      setBusy(false);
    }
  }

  return (
    <OperatorLayout
      heading="Team"
      intro="Operators run the fleet and the bookings; admins also manage the team. A change applies on the account’s next request."
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="Change a role">
        <Field
          label="Account email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <ChoiceField
          label="Role"
          options={GIVEN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
        />
        <Button type="submit" busy={busy}>
          Change role
        </Button>
      </form>
      {read.error ? (
        <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(TEAM_PATH)} />
      ) : (
        <DataTable
          caption="Operators and admins"
          columns={COLUMNS}
          rows={read.data?.items ?? []}
          rowKey={(member) => member.email}
          busy={read.loading}
          empty={read.loading ? 'Loading the team…' : 'Nobody yet.'}
          actions={(member) =>
            member.email === me?.email ? null : (
              <div>
                <RowAction
                  tone="danger"
                  aria-label={`Make ${member.name} a customer`}
                  onClick={() => setDemoting(member)}
                >
                  Make customer
                </RowAction>
              </div>
            )
          }
        />
      )}
      {demoting && (
        <ConfirmDialog
          title={`Make ${demoting.name} a customer?`}
          confirmLabel="Make customer"
          tone="danger"
          onConfirm={() => giveRole(demoting.email, 'customer')}
          onClose={() => setDemoting(undefined)}
        >
          <p>
            {demoting.email} loses the operator pages at once, on its next request. You can give the role back here.
          </p>
        </ConfirmDialog>
      )}
    </OperatorLayout>
  );
}
