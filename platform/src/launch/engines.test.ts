import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { findRepoRoot } from './repo';

interface LockedPackage {
  engines?: { node?: string };
}

const root = findRepoRoot();
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

describe('the Node.js versions the README promises', () => {
  const promised = read<{ engines: { node: string } }>('package.json').engines.node;
  const oldest = semver.minVersion(promised);

  it('are a range with an oldest version', () => {
    expect(oldest?.version).toBe('20.19.0');
  });

  it('are supported by every installed package, so `npm ci` warns of none', () => {
    const { packages } = read<{ packages: Record<string, LockedPackage> }>('package-lock.json');
    const refusing = Object.entries(packages)
      .filter(([, locked]) => locked.engines?.node !== undefined)
      .filter(([, locked]) => !semver.satisfies(oldest ?? '0.0.0', locked.engines?.node ?? '*'))
      .map(([name, locked]) => `${name.replace(/^.*node_modules\//, '')} needs Node ${locked.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
