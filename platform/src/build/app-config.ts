import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { APPS, sharedSingletons, type AppName } from './federation';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export interface AppConfigOptions {
  app: AppName;
  /** The app's folder (its rspack.config.ts's directory). */
  root: string;
  federation: Omit<FederationOptions, 'name' | 'shared'>;
  /** Only the host has an index.html. */
  html?: boolean;
}

/** One Rspack configuration for the host and every remote, so they build the same way. */
export function createAppConfig(
  { app, root, federation, html }: AppConfigOptions,
  argv: { mode?: string } = {},
): Configuration {
  const mode = argv.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const isDev = mode === 'development';
  const { federationName, port } = APPS[app];
  const apiPort = Number(process.env.API_PORT ?? 3100);

  return {
    mode,
    context: root,
    entry: { main: './src/index.ts' },
    devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(root, 'dist'),
      // Remotes load their chunks from their own origin, wherever they are deployed.
      publicPath: app === 'host' ? '/' : 'auto',
      uniqueName: federationName,
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'] },
    module: {
      parser: {
        'css/auto': { namedExports: false },
      },
      generator: {
        'css/auto': { localIdentName: `${federationName}-[local]-[hash:5]`, exportsConvention: 'as-is' },
      },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev, refresh: isDev } },
            },
            env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(woff2|webp|jpg|png|svg)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federationName,
        shared: sharedSingletons(),
        dts: false,
        // One federation runtime on the page: the host provides it, remotes use it (~30 KiB
        // gzipped less per remote loaded).
        experiments: app === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true },
        ...federation,
      }),
      html && new rspack.HtmlRspackPlugin({ template: path.join(root, 'src/index.html') }),
      isDev && new ReactRefreshRspackPlugin(),
    ],
    optimization: { moduleIds: 'deterministic' },
    performance: false,
    devServer: {
      port,
      hot: true,
      historyApiFallback: app === 'host',
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: app === 'host' ? [{ context: ['/api'], target: `http://127.0.0.1:${apiPort}` }] : undefined,
    },
  };
}
