import type { RemoteTableDeclaration } from '@rentora/state';

/**
 * What the account remote puts in the site (docs/architecture.md §2): no page of its own, the
 * Login/Sign Up and Profile modals. The build checks it against the exposes and writes it beside
 * mf-manifest.json.
 */
const accountPages = {
  pages: [],
  modals: {
    auth: { expose: './AuthModal', what: 'sign-up and login' },
    profile: { expose: './ProfileModal', what: 'your profile' },
  },
} as const satisfies RemoteTableDeclaration;

export default accountPages;
