import type { PageComponent } from '@rentora/state';
import { SettingsPage } from '../features/settings/settings-page';

function SettingsPageExposed() {
  return <SettingsPage />;
}

export default SettingsPageExposed satisfies PageComponent;
