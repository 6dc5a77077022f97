import { HomePage } from '../features/home/home-page';

export default function HomePageRemote() {
  return <HomePage />;
}
