import { mkdirSync, rmSync } from 'node:fs';
import { buildStale } from '../launch/build';
import { type Cluster, startCluster } from './cluster';
import { ClusterRefused, clusterSettings } from './cluster-settings';
import { controlAnswers, controlSocket, serveControl } from './control';
import { haproxyInfo } from './haproxy-runtime';

const say = (who: string, line: string) => process.stdout.write(`[${who}] ${line}\n`);

/**
 * `npm run start:cluster`: builds what is stale, then serves the site as INSTANCES instances behind
 * HAProxy on PORT, with the remotes' files served once, until Ctrl-C (README: Scaling out).
 * `npm run restart:cluster` with the same PORT restarts the instances one at a time.
 */
async function main(): Promise<void> {
  const settings = clusterSettings();
  for (const warning of settings.warnings) say('cluster', `warning: ${warning}`);
  const socket = controlSocket(settings.runDir);
  if (await controlAnswers(socket)) {
    throw new ClusterRefused(
      `A cluster is already running on port ${settings.port}: stop it first, or pick another PORT.`,
    );
  }
  mkdirSync(settings.runDir, { recursive: true, mode: 0o700 });
  await buildStale();
  say('cluster', `starting ${settings.instancePorts.length} instances behind HAProxy…`);
  const cluster: Cluster = await startCluster({ ...settings, log: say });
  let closeControl: () => Promise<void>;
  try {
    closeControl = await serveControl(cluster, socket);
  } catch (error) {
    await cluster.stop();
    throw error;
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say('cluster', `${signal}: stopping the instances, HAProxy and the remotes…`);
    await closeControl();
    await cluster.stop();
    rmSync(settings.runDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  const info = await haproxyInfo(cluster.runtimeSocket);
  const instances = cluster.instances.map(({ name, port, pid }) => `${name} 127.0.0.1:${port} (pid ${pid()})`);
  say('cluster', `instances: ${instances.join(', ')}`);
  say(
    'cluster',
    `HAProxy holds up to ${info.Maxconn ?? '?'} connections (file descriptors: ${info['Ulimit-n'] ?? '?'})`,
  );
  say('cluster', `Rentora is running: open http://localhost:${settings.port}`);
  say('cluster', `restart the instances one at a time: PORT=${settings.port} npm run restart:cluster`);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${error instanceof ClusterRefused ? '' : 'The cluster could not start: '}${message}\n`);
  process.exit(1);
});
