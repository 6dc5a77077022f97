import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * One bar series: a method's takings (above the line) or refunds (below), in rupees, each day's
 * bar reaching from 0 to its method's sum with the methods stacked under it. Drawn in the order
 * given, each over the last: the tallest first, so each method shows as its own band.
 */
export interface BarSeries {
  label: string;
  color: string;
  tops: number[];
}

export interface TakingsPlot {
  resize: (width: number) => void;
  destroy: () => void;
}

const HEIGHT = 260;
const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const RUPEES = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * Draws the stacked bars with uPlot (this module is its own chunk, fetched by the Payments page
 * only). The cursor, the legend and the selection are off: the page's table carries the figures.
 */
export function drawTakings(
  target: HTMLElement,
  days: readonly number[],
  series: readonly BarSeries[],
  width: number,
  ink: { text: string; grid: string },
): TakingsPlot {
  const data: uPlot.AlignedData = [days as number[], ...series.map((line) => line.tops)];
  const options: uPlot.Options = {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    // Half a day either side, so the first and the last day's bars are drawn whole.
    scales: { x: { time: true, range: (_plot, min, max) => [min - 43_200, max + 43_200] }, y: { auto: true } },
    axes: [
      {
        stroke: ink.text,
        grid: { show: false },
        ticks: { stroke: ink.grid },
        values: (_plot, splits) => splits.map((split) => DAY_FORMAT.format(split * 1000)),
      },
      {
        stroke: ink.text,
        grid: { stroke: ink.grid, width: 1 },
        ticks: { show: false },
        size: 56,
        values: (_plot, splits) => splits.map((split) => `₹${RUPEES.format(split)}`),
      },
    ],
    series: [
      {},
      ...series.map((line) => ({
        label: line.label,
        fill: line.color,
        stroke: line.color,
        width: 0,
        points: { show: false },
        paths: uPlot.paths.bars?.({ size: [0.7, 28], radius: 0 }),
      })),
    ],
  };
  const plot = new uPlot(options, data, target);
  return {
    resize: (next) => plot.setSize({ width: next, height: HEIGHT }),
    destroy: () => plot.destroy(),
  };
}
