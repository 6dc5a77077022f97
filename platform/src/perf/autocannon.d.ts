// The subset of autocannon 9 that the pages benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to send before ending; overrides duration. */
    amount?: number;
    /** Milliseconds between samples (default 1000). */
    sampleInt?: number;
    headers?: Record<string, string>;
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
