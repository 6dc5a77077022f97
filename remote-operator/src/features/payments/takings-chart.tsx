import { useEffect, useId, useRef, useState } from 'react';
import { addDays, formatDisplayDate, formatPaise } from '@rentora/shared';
import { PAYMENT_METHODS, type PaymentMethod, type PaymentsReport } from '@rentora/shared/operator';
import type { BarSeries, TakingsPlot } from './takings-canvas';
import { METHOD_LABELS } from '../../lib/payments-api';
import styles from './payments-page.module.css';

/** Each method's colour, the site's palette: gold online, green UPI, blue card, ink cash. */
export const METHOD_COLORS: Record<PaymentMethod, string> = {
  online: '#b4883e',
  upi: '#1f7a4d',
  card: '#4a6fa5',
  cash: '#3b3f48',
};
/** Bottom of the stack first. */
const STACK_ORDER: readonly PaymentMethod[] = ['online', 'upi', 'card', 'cash'];

/** The 30 days' bars, stacked per method, takings above the line and refunds below, tallest drawn first. */
export function barSeries(report: Pick<PaymentsReport, 'from' | 'to' | 'totals'>): {
  days: number[];
  series: BarSeries[];
} {
  const dates: string[] = [];
  for (let day = report.from; day <= report.to; day = addDays(day, 1)) dates.push(day);
  const amount = (day: string, method: PaymentMethod, side: 'takings_paise' | 'refunds_paise') =>
    (report.totals.find((total) => total.day === day && total.method === method)?.[side] ?? 0) / 100;
  const stacked = (side: 'takings_paise' | 'refunds_paise', sign: 1 | -1) => {
    const running = dates.map(() => 0);
    const series = STACK_ORDER.map((method) => {
      dates.forEach((day, index) => (running[index] = (running[index] ?? 0) + sign * amount(day, method, side)));
      return {
        label: `${METHOD_LABELS[method]} ${side === 'takings_paise' ? 'takings' : 'refunds'}`,
        color: side === 'takings_paise' ? METHOD_COLORS[method] : `${METHOD_COLORS[method]}80`,
        tops: [...running],
      };
    });
    return series.reverse();
  };
  return {
    days: dates.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
    series: [...stacked('takings_paise', 1), ...stacked('refunds_paise', -1)],
  };
}

const CANNOT_DRAW = 'The chart cannot be drawn in this browser: the figures are in the table below.';

/**
 * The bars, drawn by uPlot once its chunk has arrived (fetched here only: no other page carries
 * it). A browser without `matchMedia`, which uPlot needs for the screen's pixel ratio, gets the
 * table alone.
 */
function Bars({ report, label }: { report: PaymentsReport; label: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string>();
  const [drawn, setDrawn] = useState(false);
  const canDraw = typeof window.matchMedia === 'function';
  useEffect(() => {
    const target = frame.current;
    if (!target || !canDraw) return;
    let plot: TakingsPlot | undefined;
    let observer: ResizeObserver | undefined;
    let current = true;
    import('./takings-canvas').then(
      ({ drawTakings }) => {
        if (!current) return;
        const { days, series } = barSeries(report);
        const ink = getComputedStyle(target);
        plot = drawTakings(target, days, series, target.clientWidth, {
          text: ink.getPropertyValue('--color-ink-muted').trim() || '#6b6f78',
          grid: ink.getPropertyValue('--color-line').trim() || '#e3ddd2',
        });
        setDrawn(true);
        observer = new ResizeObserver(() => plot?.resize(target.clientWidth));
        observer.observe(target);
      },
      () => current && setProblem('The chart could not be loaded: the figures are in the table below.'),
    );
    return () => {
      current = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [report, canDraw]);
  return (
    <>
      <div ref={frame} className={styles.plot} role="img" aria-label={label} />
      {canDraw && !drawn && !problem && <p className={styles.chartNote}>Drawing the chart…</p>}
      {(problem ?? (canDraw ? undefined : CANNOT_DRAW)) && <p className={styles.chartNote}>{problem ?? CANNOT_DRAW}</p>}
    </>
  );
}

/** Takings and refunds of the last 30 days by method: a stacked bar chart, its legend, and the same figures as a table. */
export function TakingsChart({ report }: { report: PaymentsReport }) {
  const titleId = useId();
  const sums = report.by_method.filter((sum) => sum.takings_paise > 0 || sum.refunds_paise > 0);
  const label = `Takings and refunds by method, ${formatDisplayDate(report.from)} to ${formatDisplayDate(report.to)}: ${
    sums.length === 0
      ? 'no money taken or refunded.'
      : sums
          .map(
            (sum) =>
              `${METHOD_LABELS[sum.method]} ${formatPaise(sum.takings_paise)} taken, ${formatPaise(sum.refunds_paise)} refunded`,
          )
          .join('; ')
  }.`;
  return (
    <section className={styles.chartCard} aria-labelledby={titleId}>
      <header className={styles.chartHead}>
        <div>
          <h2 id={titleId} className={styles.cardTitle}>
            Last 30 days
          </h2>
          <p className={styles.cardIntro}>Takings above the line, refunds below, by how they were paid.</p>
        </div>
        <ul className={styles.legend} aria-label="Methods">
          {PAYMENT_METHODS.map((method) => (
            <li key={method}>
              <span className={styles.swatch} style={{ background: METHOD_COLORS[method] }} aria-hidden="true" />
              {METHOD_LABELS[method]}
            </li>
          ))}
        </ul>
      </header>
      <dl className={styles.sums}>
        {report.by_method.map((sum) => (
          <div key={sum.method}>
            <dt>{METHOD_LABELS[sum.method]}</dt>
            <dd>
              {formatPaise(sum.takings_paise)}
              {sum.refunds_paise > 0 && <span className={styles.refunded}> −{formatPaise(sum.refunds_paise)}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <Bars report={report} label={label} />
      <details className={styles.figures}>
        <summary>The figures as a table</summary>
        <table className={styles.figuresTable}>
          <caption className="visually-hidden">Takings and refunds per day and method, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Method</th>
              <th scope="col">Takings</th>
              <th scope="col">Refunds</th>
            </tr>
          </thead>
          <tbody>
            {report.totals.length === 0 ? (
              <tr>
                <td colSpan={4}>No money was taken or refunded in these days.</td>
              </tr>
            ) : (
              report.totals.map((total) => (
                <tr key={`${total.day} ${total.method}`}>
                  <th scope="row">{formatDisplayDate(total.day)}</th>
                  <td>{METHOD_LABELS[total.method]}</td>
                  <td>{formatPaise(total.takings_paise)}</td>
                  <td>{formatPaise(total.refunds_paise)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </details>
    </section>
  );
}
