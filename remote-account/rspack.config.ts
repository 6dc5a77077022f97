import { createAppConfig, type AppConfigEnv } from '@rentora/platform/build';
import federation from './module-federation.config';

export default (env: AppConfigEnv, argv: { mode?: string }) =>
  createAppConfig({ root: __dirname, federation }, argv, env);
