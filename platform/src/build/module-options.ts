import type { Configuration } from '@rspack/core';

/**
 * How source files become modules, for the browser builds and the host's prerender alike: the
 * same CSS Modules class names on both sides, or the prerendered shell would not match its styles.
 */
export function moduleOptions(federationName: string, isDev: boolean): NonNullable<Configuration['module']> {
  return {
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
      // `?inline`: a picture the first frame needs travels inside its stylesheet, with no request of its own.
      { test: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline' },
      { test: /\.(woff2|webp|jpg|png|svg)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource' },
    ],
  };
}
