import { useStore } from '@rentora/state';
import type { BusinessSettings } from '@rentora/shared/operator';
import { OperatorLayout } from '../../lib/operator-layout';
import { operatorRead, refreshOperatorReads } from '../../lib/operator-reads';
import { ReadFailure } from '../../lib/read-state';
import { AddOnsPanel } from './add-ons-panel';
import { SETTINGS_PATH } from './settings-api';
import { PaymentSettingsForm } from './payment-settings-form';
import { TaxSettingsForm } from './tax-settings-form';
import styles from './settings-page.module.css';

/** `/operator/settings` (admins): the add-ons the wizard offers, the tax and invoice settings, and payments. */
export function SettingsPage() {
  const read = useStore(operatorRead<BusinessSettings>(SETTINGS_PATH));
  return (
    <OperatorLayout
      heading="Settings"
      intro="The extras customers may add, the business details, tax and fees on every quote and invoice, and how bookings are paid for. Every change is kept in the audit."
    >
      <div className={styles.panels}>
        <AddOnsPanel />
        {read.error ? (
          <ReadFailure message={read.error.message} onRetry={() => refreshOperatorReads(SETTINGS_PATH)} />
        ) : read.data ? (
          <SettingsForms settings={read.data} />
        ) : (
          <p className={styles.loading}>Loading the settings…</p>
        )}
      </div>
    </OperatorLayout>
  );
}

/**
 * Each form is keyed by its own fields as read, so a save elsewhere (another admin, on focus)
 * refills it, and a save of the other form leaves what is typed here as it is.
 */
function SettingsForms({ settings }: { settings: BusinessSettings }) {
  const { online_payment, payment_hold_minutes, cancellation_policy, ...tax } = settings;
  return (
    <>
      <TaxSettingsForm key={JSON.stringify(tax)} settings={settings} />
      <PaymentSettingsForm
        key={JSON.stringify({ online_payment, payment_hold_minutes, cancellation_policy })}
        settings={settings}
      />
    </>
  );
}
