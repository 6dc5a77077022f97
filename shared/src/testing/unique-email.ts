let counter = 0;

/** An email no other test (in this or another suite of the run, which share one API) has used. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}-${counter}@example.com`;
}
