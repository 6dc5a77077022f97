import { loadSiteConfig } from '../launch/site-config';
import { clusterRunDir } from './cluster-settings';
import { controlAnswers, controlSocket, requestRestart } from './control';

/**
 * `npm run restart:cluster`: restarts the instances of the cluster `npm run start:cluster` runs with
 * the same PORT, one at a time, each once the one before is back in HAProxy's rotation. Exits 0
 * when every instance is back, 1 naming what went wrong.
 */
async function main(): Promise<number> {
  const { port } = loadSiteConfig();
  const socket = controlSocket(clusterRunDir(port));
  if (!(await controlAnswers(socket))) {
    process.stderr.write(`No cluster is running on port ${port}: start one with npm run start:cluster (same PORT).\n`);
    return 1;
  }
  const problems = await requestRestart(socket, (line) => process.stdout.write(`${line}\n`));
  if (problems.length === 0) {
    process.stdout.write('Every instance was restarted and is back.\n');
    return 0;
  }
  process.stderr.write(`The restart did not go through: ${problems.join('; ')}\n`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
