import { useId, useState, type FormEvent } from 'react';
import { Button, Eyebrow, formatRupees } from '@rentora/shared';
import { useStore } from '@rentora/state';
import type { OperatorAddOn } from '@rentora/shared/operator';
import { DataTable, type Column } from '../../lib/data-table';
import { operatorRead, refreshOperatorReads } from '../../lib/operator-reads';
import { PageDialog } from '../../lib/page-dialog';
import { ReadFailure } from '../../lib/read-state';
import { RowAction } from '../../lib/row-action';
import { OfferBadge } from '../../lib/status-badge';
import { formStyles } from '../../lib/field-group';
import { AddOnFields, addOnPayloadOf, type AddOnDraft } from './add-on-fields';
import { ADD_ONS_PATH, changeSettings } from './settings-api';
import styles from './settings-page.module.css';

const priceText = (addOn: OperatorAddOn) =>
  `${formatRupees(addOn.price)} ${addOn.per === 'day' ? 'a day' : 'a rental'}`;

const COLUMNS: readonly Column<OperatorAddOn>[] = [
  { header: 'Add-on', cell: (addOn) => addOn.label },
  { header: 'Price', numeric: true, cell: priceText },
  { header: 'Status', cell: (addOn) => <OfferBadge offered={addOn.offered} /> },
];

const EMPTY: AddOnDraft = { label: '', price: '', per: 'day' };

/** The add-ons customers may choose in the wizard: added, repriced, withdrawn and offered (again) here. */
export function AddOnsPanel() {
  const read = useStore(operatorRead<{ items: OperatorAddOn[] }>(ADD_ONS_PATH));
  const [draft, setDraft] = useState(EMPTY);
  const [offered, setOffered] = useState(true);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<OperatorAddOn>();

  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const payload = addOnPayloadOf(draft);
      await changeSettings('POST', ADD_ONS_PATH, { ...payload, offered }, `${payload.label} added.`);
      setDraft(EMPTY);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function toggle(addOn: OperatorAddOn) {
    setProblem(undefined);
    try {
      await changeSettings(
        'PATCH',
        `${ADD_ONS_PATH}/${addOn.id}`,
        { offered: !addOn.offered },
        addOn.offered ? `${addOn.label} withdrawn: rentals that chose it keep it.` : `${addOn.label} offered.`,
      );
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="add-ons-title">
      <header className={styles.panelHead}>
        <Eyebrow>Wizard</Eyebrow>
        <h2 id="add-ons-title" className={styles.panelTitle}>
          Add-ons
        </h2>
        <p className={styles.panelIntro}>
          Extras a customer may choose when booking. Withdrawing one stops new bookings offering it; rentals that chose
          it keep it at the price they chose.
        </p>
      </header>
      <form className={styles.addOnForm} aria-label="Add an add-on" onSubmit={(event) => void add(event)}>
        <div className={styles.addOnFields}>
          <AddOnFields draft={draft} onChange={setDraft} />
        </div>
        <div className={styles.addOnFoot}>
          <label className={styles.check}>
            <input type="checkbox" checked={offered} onChange={(event) => setOffered(event.target.checked)} />
            Offer it to customers now
          </label>
          <Button type="submit" busy={busy}>
            Add add-on
          </Button>
        </div>
      </form>
      {problem && (
        <p role="alert" className={formStyles.problem}>
          {problem}
        </p>
      )}
      {read.error ? (
        <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(ADD_ONS_PATH)} />
      ) : (
        <DataTable
          caption="Add-ons"
          columns={COLUMNS}
          rows={read.data?.items ?? []}
          rowKey={(addOn) => addOn.id}
          busy={read.loading}
          empty={read.loading ? 'Loading the add-ons…' : 'No add-ons yet: the wizard offers none.'}
          actions={(addOn) => (
            <div>
              <RowAction aria-label={`Edit ${addOn.label}`} onClick={() => setEditing(addOn)}>
                Edit
              </RowAction>
              <RowAction
                tone={addOn.offered ? 'danger' : 'default'}
                aria-label={`${addOn.offered ? 'Withdraw' : 'Offer'} ${addOn.label}`}
                onClick={() => void toggle(addOn)}
              >
                {addOn.offered ? 'Withdraw' : 'Offer'}
              </RowAction>
            </div>
          )}
        />
      )}
      {editing && <EditAddOnDialog addOn={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

function EditAddOnDialog({ addOn, onClose }: { addOn: OperatorAddOn; onClose: () => void }) {
  const titleId = useId();
  const [draft, setDraft] = useState<AddOnDraft>({ label: addOn.label, price: String(addOn.price), per: addOn.per });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const payload = addOnPayloadOf(draft);
      await changeSettings('PATCH', `${ADD_ONS_PATH}/${addOn.id}`, payload, `${payload.label} saved.`);
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  }

  return (
    <PageDialog titleId={titleId} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={(event) => void save(event)}>
        <h2 id={titleId} className={styles.dialogTitle}>
          Edit {addOn.label}
        </h2>
        <p className={styles.panelIntro}>A new price applies to new quotes; rentals already booked keep theirs.</p>
        <AddOnFields draft={draft} onChange={setDraft} />
        {problem && (
          <p role="alert" className={formStyles.problem}>
            {problem}
          </p>
        )}
        <div className={formStyles.buttons}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save add-on
          </Button>
        </div>
      </form>
    </PageDialog>
  );
}
