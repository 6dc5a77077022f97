import type { PageComponent } from '@rentora/state';
import { HomePage } from '../features/home/home-page';

function HomePageExposed() {
  return <HomePage />;
}

export default HomePageExposed satisfies PageComponent;
