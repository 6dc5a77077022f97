import type { PageComponent } from '@rentora/state';
import { TodayPage } from '../features/today/today-page';

function TodayPageExposed() {
  return <TodayPage />;
}

export default TodayPageExposed satisfies PageComponent;
