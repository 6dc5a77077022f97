import type { PageComponent } from '@rentora/state';
import { TeamPage } from '../features/team/team-page';

function TeamPageExposed() {
  return <TeamPage />;
}

export default TeamPageExposed satisfies PageComponent;
