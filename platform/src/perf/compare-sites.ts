import { median } from './long-tasks';

/**
 * The composed site beside its single-bundle reference (issue 45): each figure's median per site,
 * the ratio composed ÷ single, and whether the targets hold. Pure, so `npm run perf` prints it and
 * a test holds its arithmetic.
 */

/** One Lighthouse run's figures that the two sites are compared on. */
export interface RunFigures {
  tbtMs: number;
  performance: number;
  lcpMs: number;
  cls: number;
  scriptKiB: number;
  longTasks: number;
}

export interface Comparison {
  composed: RunFigures;
  single: RunFigures;
  /** composed ÷ single; 1 when both are 0, Infinity when only the reference's is. */
  ratios: { tbt: number; lcp: number; scriptKiB: number };
  /** Each target of issue 45 that this page at this speed misses, by name. */
  missed: string[];
}

/** The targets, with the bounds issue 45 sets. */
export const TARGETS = {
  tbt: 'TBT ratio ≤ 1.0',
  performance: 'performance ≥ the reference’s',
  lcp: 'LCP ratio ≤ 0.6',
  cls: 'CLS 0',
  scriptKiB: 'JS bytes ≤ 1.1×',
} as const;

export function ratio(composed: number, single: number): number {
  if (single === 0) return composed === 0 ? 1 : Number.POSITIVE_INFINITY;
  return composed / single;
}

/** Each figure's median over the runs. */
export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  const middle = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  return {
    tbtMs: middle((run) => run.tbtMs),
    performance: middle((run) => run.performance),
    lcpMs: middle((run) => run.lcpMs),
    cls: middle((run) => run.cls),
    scriptKiB: middle((run) => run.scriptKiB),
    longTasks: middle((run) => run.longTasks),
  };
}

/** The medians of each site's runs of one page at one speed, side by side, against the targets. */
export function compareSites(composedRuns: readonly RunFigures[], singleRuns: readonly RunFigures[]): Comparison {
  const composed = medianFigures(composedRuns);
  const single = medianFigures(singleRuns);
  const ratios = {
    tbt: ratio(composed.tbtMs, single.tbtMs),
    lcp: ratio(composed.lcpMs, single.lcpMs),
    scriptKiB: ratio(composed.scriptKiB, single.scriptKiB),
  };
  const holds: Record<keyof typeof TARGETS, boolean> = {
    tbt: ratios.tbt <= 1,
    performance: composed.performance >= single.performance,
    lcp: ratios.lcp <= 0.6,
    // Lighthouse reports layout shift to many decimals; its report shows three.
    cls: Math.round(composed.cls * 1000) === 0,
    scriptKiB: ratios.scriptKiB <= 1.1,
  };
  const missed = (Object.keys(TARGETS) as (keyof typeof TARGETS)[])
    .filter((key) => !holds[key])
    .map((key) => TARGETS[key]);
  return { composed, single, ratios, missed };
}

const shownRatio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '∞');

/** One row of the printed table: each figure as `composed / single`, then its ratio. */
export function comparisonRow(page: string, cpu: number, { composed, single, ratios, missed }: Comparison) {
  const pair = (pick: (figures: RunFigures) => number, digits = 0) =>
    `${pick(composed).toFixed(digits)} / ${pick(single).toFixed(digits)}`;
  return {
    page,
    CPU: `${cpu}×`,
    'TBT ms': pair((figures) => figures.tbtMs),
    'TBT ÷': shownRatio(ratios.tbt),
    perf: pair((figures) => figures.performance),
    'LCP s': pair((figures) => figures.lcpMs / 1000, 2),
    'LCP ÷': shownRatio(ratios.lcp),
    CLS: pair((figures) => figures.cls, 3),
    'JS KiB': pair((figures) => figures.scriptKiB, 1),
    'JS ÷': shownRatio(ratios.scriptKiB),
    'long tasks': pair((figures) => figures.longTasks),
    targets: missed.length === 0 ? 'all hold' : `missed: ${missed.join('; ')}`,
  };
}
