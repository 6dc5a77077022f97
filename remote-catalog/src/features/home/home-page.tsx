import { FleetCategories } from './fleet-categories';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';

export function HomePage() {
  return (
    <>
      <title>Rentora - Quality Cars, Unmatched Experience</title>
      <Hero />
      <FleetCategories />
      <HowItWorks />
    </>
  );
}
