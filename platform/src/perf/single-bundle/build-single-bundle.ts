import path from 'node:path';
import { rspack, type Configuration, type Stats } from '@rspack/core';
import { moduleOptions } from '../../build/module-options';
import { reactRouterProduction } from '../../build/production-builds';
import { findRepoRoot } from '../../launch/repo';
import { precompress } from '../../launch/precompress';
import { isStale, markBuilt } from '../../launch/staleness';

/** Where the reference is built: beside the site server's bundle, never in an app's dist/ that `npm start` serves. */
export const singleBundleDir = (root = findRepoRoot()) => path.join(root, 'platform/dist/single-bundle');

/**
 * Rentora as one ordinary single-page app (`app/`): one entry, one script and one stylesheet, no
 * federation, the page rendered by the browser from the host's empty `index.html`. Built as the
 * apps are built where that is not federation (their module rules, CSS Modules, react-router's
 * production build), so what differs from the composed site is the composition alone.
 */
export function singleBundleConfig(root = findRepoRoot()): Configuration {
  const reactRouter = reactRouterProduction(path.join(root, 'state'));
  const modules = moduleOptions('single', false);
  return {
    mode: 'production',
    context: __dirname,
    entry: { main: './app/index.tsx' },
    devtool: false,
    output: {
      path: singleBundleDir(root),
      publicPath: '/',
      filename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'], alias: reactRouter.alias },
    module: { ...modules, rules: [...(modules.rules ?? []), reactRouter.rule] },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: path.join(root, 'host/src/index.html') }),
      // One script, whatever the code imports lazily.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    performance: false,
  };
}

/** Builds the reference when any of its sources changed since its last build, then writes its Brotli and gzip copies. */
export async function buildSingleBundle(root = findRepoRoot()): Promise<void> {
  const out = singleBundleDir(root);
  const sources = ['host', 'remote-catalog', 'remote-booking', 'remote-account', 'shared', 'state'].map((dir) =>
    path.join(root, dir, 'src'),
  );
  const inputs = [...sources, __dirname, path.join(root, 'platform/src/build'), path.join(root, 'package-lock.json')];
  if (!isStale(out, inputs)) return;
  process.stdout.write('Building the single-bundle reference…\n');
  const stats = await new Promise<Stats | undefined>((resolve, reject) => {
    rspack(singleBundleConfig(root)).run((error, result) => (error ? reject(error) : resolve(result)));
  });
  if (!stats || stats.hasErrors()) {
    throw new Error(`The single-bundle reference did not build:\n${stats?.toString({ all: false, errors: true })}`);
  }
  precompress(out);
  markBuilt(out);
}

if (require.main === module) {
  buildSingleBundle().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
