import type { BenchEnv } from './bench-cluster-site';

/** What a check of the cluster's bench found: its figures, and each threshold it missed (none: it passed). */
export interface CheckResult {
  lines: string[];
  missed: string[];
}

export interface ClusterCheck {
  name: string;
  run(env: BenchEnv): Promise<CheckResult>;
}

/** The `share` quantile of `values` (0.99: p99), or NaN for none. */
export function quantile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
