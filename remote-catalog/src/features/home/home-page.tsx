import type { ReactNode } from 'react';
import { FleetCategories } from './fleet-categories';
import { Hero } from './hero';
import { HeroSearch } from './hero-search';
import { HowItWorks } from './how-it-works';

export function HomePage() {
  return <HomeView search={<HeroSearch />} />;
}

/** The home page around its search form, whoever keeps the form's values. */
export function HomeView({ search }: { search: ReactNode }) {
  return (
    <>
      <Hero search={search} />
      <FleetCategories />
      <HowItWorks />
    </>
  );
}
