import { createRequire } from 'node:module';
import path from 'node:path';
import type { RuleSetRule } from '@rspack/core';

/**
 * react-router in an app's production build, as small as the build can make it
 * (docs/decisions/0023-react-router-behind-the-facade.md):
 * - its production build: the package ships one beside the development build (the same code
 *   without the development warnings), but its `exports` name only the development build, under
 *   every condition, so no condition selects it; it is resolved by alias, from where the app
 *   resolves the package;
 * - its top-level React calls marked pure (`pure-react-router-loader.js`), so the parts the apps
 *   never use are tree-shaken.
 */
export function reactRouterProduction(appRoot: string): { alias: Record<string, string>; rule: RuleSetRule } {
  const resolve = createRequire(path.join(appRoot, 'package.json')).resolve;
  const production = path.join(path.dirname(resolve('react-router/package.json')), 'dist/production');
  return {
    alias: {
      'react-router$': path.join(production, 'index.mjs'),
      'react-router/dom$': path.join(production, 'dom-export.mjs'),
    },
    rule: { include: production, loader: path.join(__dirname, 'pure-react-router-loader.js') },
  };
}
