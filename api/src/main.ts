import { loadConfig } from './config';
import { closeOnSignals, startApi } from './server';

/** The command-line entry: configuration from the environment, then serve until a signal arrives. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await startApi(config);
  closeOnSignals(app, config.shutdownTimeoutMs);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
