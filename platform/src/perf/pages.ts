/** The public pages the speed tools measure: `PERF_PAGES=/a,/b` picks others. */
export const PERF_PAGES = process.env.PERF_PAGES?.split(',') ?? [
  '/',
  '/vehicles',
  '/vehicles/mercedes-benz-s-class',
  '/about',
];
