/** The site's links, shown in the header, the mobile menu and the footer (docs/product.md §2). */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/vehicles', label: 'Vehicles' },
  { to: '/about', label: 'About' },
] as const;
