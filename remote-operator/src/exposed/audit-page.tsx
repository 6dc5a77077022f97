import type { PageComponent } from '@rentora/state';
import { AuditPage } from '../features/audit/audit-page';

function AuditPageExposed() {
  return <AuditPage />;
}

export default AuditPageExposed satisfies PageComponent;
