import { loadConfig } from './config';
import { createAdminCommand } from './create-admin';
import { closeOnSignals, startApi } from './server';

/** The command-line entry: configuration from the environment, then serve until a signal arrives. */
async function serve(): Promise<void> {
  const config = loadConfig();
  const app = await startApi(config);
  closeOnSignals(app, { deadlineMs: config.shutdownTimeoutMs });
}

/** `create-admin`: makes an admin (docs/decisions/0020-staff-and-trust.md), then exits. */
async function createAdmin(): Promise<void> {
  process.stdout.write(`${await createAdminCommand(loadConfig(), process.env)}\n`);
}

const command = process.argv[2] === 'create-admin' ? createAdmin : serve;

command().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
