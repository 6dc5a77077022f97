import { allTasks } from 'nanostores';

/**
 * Resolves once every read the stores have started has ended (each fetch is a nanostores task),
 * including one started on the next tick: a test awaits it inside act, so the read's answer
 * renders where the test can see it, not after it.
 */
export async function readsSettled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await allTasks();
}
