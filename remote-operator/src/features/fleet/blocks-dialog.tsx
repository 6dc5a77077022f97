import { useId, useState, type FormEvent } from 'react';
import { Button, checkBlockDates, Field, formatDisplayDate } from '@rentora/shared';
import { Calendar, pickDay, type RangeSelection } from '@rentora/shared/calendar';
import { showToast, useBusinessToday, useStore } from '@rentora/state';
import { ChoiceField } from '../../lib/choice-field';
import { PageDialog } from '../../lib/page-dialog';
import { REASON_LABELS } from '../../lib/labels';
import { operatorRead, refreshOperatorReads } from '../../lib/operator-reads';
import { BLOCK_REASONS, type Block, type BlockReason, type OperatorVehicle } from '@rentora/shared/operator';
import { ReadFailure } from '../../lib/read-state';
import { RowAction } from '../../lib/row-action';
import { changeFleet, vehiclePath } from './fleet-api';
import styles from './blocks-dialog.module.css';

const EMPTY_RANGE: RangeSelection = { pick_up_date: '', drop_off_date: '' };

export interface BlocksDialogProps {
  car: OperatorVehicle;
  onClose: () => void;
}

/**
 * A car's maintenance blocks: on the site's calendar, as a list with a Remove button each, and a
 * form to add one (days picked on the calendar or typed). The API refuses a block over a rental
 * or another block, naming the dates.
 */
export function BlocksDialog({ car, onClose }: BlocksDialogProps) {
  const titleId = useId();
  const blocksPath = `${vehiclePath(car._id)}/blocks`;
  const read = useStore(operatorRead<Block[]>(blocksPath));
  const today = useBusinessToday();
  const [range, setRange] = useState(EMPTY_RANGE);
  const [reason, setReason] = useState<BlockReason>('maintenance');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const blocks = read.data ?? [];
  const booked = blocks.map((block) => ({ pick_up_date: block.start_date, drop_off_date: block.end_date }));

  async function add(event: FormEvent) {
    event.preventDefault();
    const start = range.pick_up_date;
    const end = range.drop_off_date || start;
    // The API's own rules of a block's dates, said before anything is sent.
    const problem = checkBlockDates(start, end, today);
    if (problem) {
      showToast('error', problem);
      return;
    }
    setBusy(true);
    try {
      await changeFleet(
        'POST',
        blocksPath,
        { start_date: start, end_date: end, reason, note: note.trim() },
        `${car.car_name} blocked ${formatDisplayDate(start)} → ${formatDisplayDate(end)}.`,
      );
      setRange(EMPTY_RANGE);
      setNote('');
    } catch {
      // The toast said why; the form keeps what was entered.
    } finally {
      setBusy(false);
      refreshOperatorReads(blocksPath);
    }
  }

  async function remove(block: Block) {
    await changeFleet(
      'DELETE',
      `${blocksPath}/${block.id}`,
      undefined,
      `Block ${formatDisplayDate(block.start_date)} → ${formatDisplayDate(block.end_date)} removed.`,
    ).catch(() => undefined);
    refreshOperatorReads(blocksPath);
  }

  return (
    <PageDialog titleId={titleId} onClose={onClose}>
      <div className={styles.dialog}>
        <h2 id={titleId} className={styles.title}>
          Blocks of {car.car_name}
        </h2>
        <p className={styles.intro}>
          Blocked days are booked to customers: the car page shows them taken, without the reason.
        </p>
        <Calendar
          label={`Blocks of ${car.car_name}`}
          today={today}
          booked={booked}
          selected={range.pick_up_date ? range : undefined}
          onChoose={(day) => setRange(pickDay(range, day))}
          isChoosable={(day) => day >= today}
        />
        {read.error ? (
          <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(blocksPath)} />
        ) : (
          <ul className={styles.list} aria-label="Upcoming blocks">
            {blocks.length === 0 && <li className={styles.none}>{read.loading ? 'Loading blocks…' : 'No blocks.'}</li>}
            {blocks.map((block) => (
              <li key={block.id} className={styles.block}>
                <span>
                  <strong>
                    {formatDisplayDate(block.start_date)} → {formatDisplayDate(block.end_date)}
                  </strong>{' '}
                  · {REASON_LABELS[block.reason]}
                  {block.note && <span className={styles.note}> · {block.note}</span>}
                </span>
                <RowAction
                  tone="danger"
                  aria-label={`Remove the block ${formatDisplayDate(block.start_date)} → ${formatDisplayDate(block.end_date)}`}
                  onClick={() => void remove(block)}
                >
                  Remove
                </RowAction>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.form} onSubmit={(event) => void add(event)} aria-label="Add a block">
          <Field
            label="First day"
            type="date"
            required
            min={today}
            value={range.pick_up_date}
            onChange={(event) => setRange({ ...range, pick_up_date: event.target.value })}
          />
          <Field
            label="Last day"
            type="date"
            required
            min={range.pick_up_date || today}
            value={range.drop_off_date}
            onChange={(event) => setRange({ ...range, drop_off_date: event.target.value })}
          />
          <ChoiceField
            label="Reason"
            options={BLOCK_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }))}
            value={reason}
            onChange={(event) => setReason(event.target.value as BlockReason)}
          />
          <Field
            label="Note (optional)"
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" busy={busy} className={styles.submit}>
            Block these days
          </Button>
        </form>
      </div>
    </PageDialog>
  );
}
