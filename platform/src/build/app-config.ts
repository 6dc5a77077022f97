import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appAt } from '../apps';
import { loadSiteConfig } from '../launch/site-config';
import { sharedSingletons } from './federation';
import { PAGE_TABLE_SOURCE, PageTablePlugin } from './page-tables';
import { moduleOptions } from './module-options';
import { reactRouterProduction } from './production-builds';
import { StartupFilesPlugin } from './startup-files';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export interface AppConfigOptions {
  /** The app's folder (its rspack.config.ts's directory); its package.json names it (`rentora`). */
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

/**
 * `npm run dev`'s site, configured as `npm start`'s is (README: Configuration): each app's port
 * (`PORT`, `CATALOG_PORT`, …), where the host's page finds each remote (`REMOTE_CATALOG_URL`, …),
 * and the host names its pages may be opened at (`HOST_ORIGIN`, by default localhost and
 * 127.0.0.1). The dev servers refuse a cross-site request for a script from a host name they do
 * not know (403, against DNS rebinding): a page at 127.0.0.1 loading a remote from localhost is
 * cross-site, so every host name of the site is allowed by name.
 */
function devSite(appRoot: string, federationName: string) {
  const site = loadSiteConfig(process.env, path.dirname(appRoot));
  const hostName = (url: string) => new URL(url).hostname;
  const allowedHosts = [...new Set([...site.hostOrigins, ...Object.values(site.remoteUrls)].map(hostName))];
  const port = federationName === 'host' ? site.port : site.remotePorts[federationName];
  return { port, allowedHosts, remoteUrls: site.remoteUrls };
}

/**
 * Every app runs in a browser: leave the runtime's Node code out. (The runtime ships as its
 * CommonJS build, which Rspack's plugin resolves. Its ES module build, tree-shaken, was 15 KiB
 * smaller on a car page but cost ~50 ms more main-thread CPU at 4× after the first paint, 5
 * first visits each way: docs/decisions/0032-how-a-remote-page-is-adopted.md.)
 */
const WEB_ONLY = { target: 'web' as const };

/** One Rspack configuration for the host and every remote, so they build the same way. */
export function createAppConfig(
  { root, federation, html }: AppConfigOptions,
  argv: { mode?: string } = {},
  env: AppConfigEnv = {},
): Configuration {
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const isDev = mode === 'development';
  const standalone = env.standalone === true;
  const { name: federationName, remote } = appAt(root);
  const app = remote ? 'remote' : 'host';
  if (standalone && (app === 'host' || !isDev)) {
    throw new Error('Standalone is a development mode of a remote: rspack serve --mode development --env standalone.');
  }
  const apiPort = Number(process.env.API_PORT ?? 3100);
  const modules = moduleOptions(federationName, isDev);
  const reactRouter = isDev ? undefined : reactRouterProduction(root);
  // Only a dev server reads the site around the app: a production build is the app's folder alone.
  const dev = isDev ? devSite(root, federationName) : undefined;

  return {
    mode,
    context: root,
    // The standalone entry renders the remote's own exposes on a page of its own.
    entry: { main: standalone ? './src/standalone/index.ts' : './src/index.ts' },
    // Production maps stay in dist/ for error tools, but no file names them: browsers never ask
    // for them, and the site's servers refuse them (static-site.ts).
    devtool: isDev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
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
    resolve: { extensions: ['.ts', '.tsx', '.js'], alias: reactRouter?.alias },
    module: reactRouter ? { ...modules, rules: [...(modules.rules ?? []), reactRouter.rule] } : modules,
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
              : { externalRuntime: true, optimization: { ...WEB_ONLY, disableRemote: true } },
        ...federation,
      }),
      html && new rspack.HtmlRspackPlugin({ template: path.join(root, 'src/index.html') }),
      standalone &&
        new rspack.HtmlRspackPlugin({ template: path.join(root, 'src/standalone/index.html'), chunks: ['main'] }),
      isDev && new ReactRefreshRspackPlugin(),
      app === 'host' && !isDev && new StartupFilesPlugin(),
      !isDev && compileHint(),
      // Every build of a remote writes its page table, so the host's dev server reads it too.
      app !== 'host' &&
        !standalone &&
        existsSync(path.join(root, PAGE_TABLE_SOURCE)) &&
        new PageTablePlugin(root, federationName),
    ],
    optimization: { moduleIds: 'deterministic' },
    performance: false,
    devServer: dev && {
      port: dev.port,
      allowedHosts: dev.allowedHosts,
      hot: true,
      historyApiFallback: app === 'host' || standalone,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: app === 'host' || standalone ? [{ context: ['/api'], target: `http://127.0.0.1:${apiPort}` }] : undefined,
      // The host learns where the remotes are, and then their pages, from remotes.json: in
      // development, every remote's dev server (npm run dev).
      setupMiddlewares:
        app === 'host'
          ? (middlewares) => [
              {
                name: 'remotes',
                path: '/remotes.json',
                middleware: (_request: IncomingMessage, response: ServerResponse) => {
                  response.setHeader('Content-Type', 'application/json');
                  response.end(JSON.stringify(dev.remoteUrls));
                },
              },
              ...middlewares,
            ]
          : undefined,
    },
  };
}
