import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { moduleOptions } from './module-options';

/**
 * One module of an app compiled for Node with the browser build's module rules, so the HTML it
 * renders carries the very CSS Modules class names the browser build's stylesheets define.
 */
function nodeRenderConfig(options: NodeRenderOptions, outDir: string): Configuration {
  const { appDir, entry, federationName, publicPath = '/' } = options;
  const modules = moduleOptions(federationName, false);
  return {
    mode: 'production',
    context: appDir,
    target: 'node',
    entry: { render: entry },
    output: {
      path: outDir,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath,
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      ...modules,
      generator: {
        ...modules.generator,
        'css/auto': { ...modules.generator?.['css/auto'], exportsOnly: true },
        // The browser build already wrote every asset; only their URLs are needed here.
        asset: { emit: false },
        'asset/resource': { emit: false },
      },
    },
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
  };
}

function compile(config: Configuration): Promise<void> {
  return new Promise((resolve, reject) => {
    rspack(config).run((error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

export interface NodeRenderOptions {
  appDir: string;
  /** Relative to appDir, or absolute. */
  entry: string;
  federationName: string;
  /** What the rendered HTML's asset URLs start with; '/' by default. */
  publicPath?: string;
}

/** Compiles `entry` for Node, hands its exports to `render`, then deletes the bundle. */
export async function withNodeRender<Exports, Result>(
  options: NodeRenderOptions,
  render: (exports: Exports) => Result,
): Promise<Result> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'rentora-render-'));
  try {
    await compile(nodeRenderConfig(options, outDir));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle was just built, CommonJS.
    return render(require(path.join(outDir, 'render.cjs')) as Exports);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
