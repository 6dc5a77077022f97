import { createAppConfig } from '@rentora/platform/build';
import federation from './module-federation.config';

export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig({ root: __dirname, federation, html: true }, argv);
