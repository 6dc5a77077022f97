import { FleetCategories } from './fleet-categories';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';

export function HomePage() {
  return (
    <>
      <Hero />
      <FleetCategories />
      <HowItWorks />
    </>
  );
}
