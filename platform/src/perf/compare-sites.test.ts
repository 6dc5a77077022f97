import { compareSites, comparisonRow, ratio, TARGETS, type RunFigures } from './compare-sites';

const run = (figures: Partial<RunFigures>): RunFigures => ({
  tbtMs: 100,
  performance: 90,
  lcpMs: 1000,
  cls: 0,
  scriptKiB: 100,
  longTasks: 2,
  ...figures,
});

describe('compareSites', () => {
  it('compares the medians of each site’s runs, not single runs', () => {
    const composed = [run({ tbtMs: 500 }), run({ tbtMs: 80 }), run({ tbtMs: 90 })];
    const single = [run({ tbtMs: 100 }), run({ tbtMs: 0 }), run({ tbtMs: 400 })];
    const { composed: left, single: right, ratios } = compareSites(composed, single);
    expect(left.tbtMs).toBe(90);
    expect(right.tbtMs).toBe(100);
    expect(ratios.tbt).toBeCloseTo(0.9);
  });

  it('holds every target when the composed site is at least as good by issue 45’s bounds', () => {
    const composed = [run({ tbtMs: 100, performance: 95, lcpMs: 600, scriptKiB: 110 })];
    const single = [run({ tbtMs: 100, performance: 95, lcpMs: 1000, scriptKiB: 100 })];
    expect(compareSites(composed, single).missed).toEqual([]);
  });

  it('names each target the composed site misses', () => {
    const composed = [run({ tbtMs: 101, performance: 89, lcpMs: 601, cls: 0.002, scriptKiB: 110.1 })];
    const single = [run({ tbtMs: 100, performance: 90, lcpMs: 1000, scriptKiB: 100 })];
    expect(compareSites(composed, single).missed).toEqual(Object.values(TARGETS));
  });

  it('counts a layout shift too small for Lighthouse’s report to show as none', () => {
    expect(compareSites([run({ cls: 0.0004 })], [run({})]).missed).not.toContain(TARGETS.cls);
  });
});

describe('ratio', () => {
  it('is 1 when both blocked for no time, and unbounded when only the reference did not', () => {
    expect(ratio(0, 0)).toBe(1);
    expect(ratio(30, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(ratio(30, 60)).toBe(0.5);
  });
});

describe('comparisonRow', () => {
  it('shows each figure as composed / single beside its ratio', () => {
    const row = comparisonRow('/about', 8, compareSites([run({ tbtMs: 30 })], [run({ tbtMs: 0 })]));
    expect(row).toMatchObject({ page: '/about', CPU: '8×', 'TBT ms': '30 / 0', 'TBT ÷': '∞', 'LCP s': '1.00 / 1.00' });
    expect(row.targets).toBe(`missed: ${TARGETS.tbt}; ${TARGETS.lcp}`);
  });
});
