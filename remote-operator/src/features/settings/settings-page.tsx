import { useStore } from '@rentora/state';
import type { BusinessSettings } from '@rentora/shared/operator';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads } from '../../lib/operator-reads';
import { ReadFailure } from '../../lib/read-state';
import { AddOnsPanel } from './add-ons-panel';
import { SETTINGS_PATH } from './settings-api';
import { TaxSettingsForm } from './tax-settings-form';
import styles from './settings-page.module.css';

/** `/operator/settings` (admins): the add-ons the wizard offers, and the tax and invoice settings. */
export function SettingsPage() {
  const read = useStore(operatorRead<BusinessSettings>(SETTINGS_PATH));
  return (
    <OperatorLayout
      heading="Settings"
      intro="The extras customers may add, and the business details, tax and fees on every quote and invoice. Every change is kept in the audit."
    >
      <div className={styles.panels}>
        <AddOnsPanel />
        {read.error ? (
          <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(SETTINGS_PATH)} />
        ) : read.data ? (
          // Keyed by what was read, so a save elsewhere (another admin, on focus) refills the form.
          <TaxSettingsForm key={JSON.stringify(read.data)} settings={read.data} />
        ) : (
          <p className={styles.loading}>Loading the settings…</p>
        )}
      </div>
    </OperatorLayout>
  );
}
