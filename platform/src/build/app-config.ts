import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { APPS, sharedSingletons, type AppName } from './federation';
import { FirstPaintPlugin } from './first-paints';
import { moduleOptions } from './module-options';
import { StartupFilesPlugin } from './startup-files';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export interface AppConfigOptions {
  app: AppName;
  /** The app's folder (its rspack.config.ts's directory). */
  root: string;
  federation: Omit<FederationOptions, 'name' | 'shared'>;
  /** Only the host has an index.html (a remote gets one in standalone development only). */
  html?: boolean;
}

/** `rspack serve --env standalone`: a remote's pages on their own page, with no host. */
export interface AppConfigEnv {
  standalone?: boolean;
}

/**
 * V8's explicit compile hint (Chrome 136+): compile every function of the file while it streams
 * in, off the main thread, instead of lazily on the main thread at first call. An app's files are
 * fetched when a page needs them, and most of their functions then run at once. Added after
 * minification (which would drop a comment) and before the source maps and the content hashes.
 */
const compileHint = () =>
  new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50,
  });

/** Every app runs in a browser: leave the runtime's Node code out. */
const WEB_ONLY = { target: 'web' as const };

/** One Rspack configuration for the host and every remote, so they build the same way. */
export function createAppConfig(
  { app, root, federation, html }: AppConfigOptions,
  argv: { mode?: string } = {},
  env: AppConfigEnv = {},
): Configuration {
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const isDev = mode === 'development';
  const standalone = env.standalone === true;
  if (standalone && (app === 'host' || !isDev)) {
    throw new Error('Standalone is a development mode of a remote: rspack serve --mode development --env standalone.');
  }
  const { federationName, port } = APPS[app];
  const apiPort = Number(process.env.API_PORT ?? 3100);

  return {
    mode,
    context: root,
    // The standalone entry renders the remote's own exposes on a page of its own.
    entry: { main: standalone ? './src/standalone/index.ts' : './src/index.ts' },
    devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(root, 'dist'),
      // Remotes load their chunks from their own origin, wherever they are deployed.
      // Standalone, the remote is the page itself, at any route depth.
      publicPath: app === 'host' || standalone ? '/' : 'auto',
      uniqueName: federationName,
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: moduleOptions(federationName, isDev),
    plugins: [
      new ModuleFederationPlugin({
        name: federationName,
        shared: sharedSingletons(root),
        dts: false,
        // One federation runtime on the page: the host provides it, remotes use it (~30 KiB
        // gzipped less per remote loaded). Standalone there is no host, so the remote brings its own.
        experiments:
          app === 'host'
            ? { provideExternalRuntime: true, optimization: WEB_ONLY }
            : standalone
              ? { optimization: WEB_ONLY }
              : { externalRuntime: true, optimization: WEB_ONLY },
        ...federation,
      }),
      html && new rspack.HtmlRspackPlugin({ template: path.join(root, 'src/index.html') }),
      standalone &&
        new rspack.HtmlRspackPlugin({ template: path.join(root, 'src/standalone/index.html'), chunks: ['main'] }),
      isDev && new ReactRefreshRspackPlugin(),
      app === 'host' && !isDev && new StartupFilesPlugin(),
      !isDev && compileHint(),
      app !== 'host' && !isDev && new FirstPaintPlugin(app, root),
    ],
    optimization: { moduleIds: 'deterministic' },
    performance: false,
    devServer: {
      port,
      hot: true,
      historyApiFallback: app === 'host' || standalone,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: app === 'host' || standalone ? [{ context: ['/api'], target: `http://127.0.0.1:${apiPort}` }] : undefined,
    },
  };
}
