/**
 * Ports of the site under test. A base other than npm start's 3000 lets the suite run while a
 * developer's own site is up; E2E_PORT_BASE moves it (host = base, remotes = base + 1..3).
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4000);

export const e2eSite = {
  baseUrl: `http://localhost:${base}`,
  remotes: {
    catalog: `http://localhost:${base + 1}`,
    booking: `http://localhost:${base + 2}`,
    account: `http://localhost:${base + 3}`,
  },
  env: {
    PORT: String(base),
    CATALOG_PORT: String(base + 1),
    BOOKING_PORT: String(base + 2),
    ACCOUNT_PORT: String(base + 3),
    REMOTE_CATALOG_URL: `http://localhost:${base + 1}`,
    REMOTE_BOOKING_URL: `http://localhost:${base + 2}`,
    REMOTE_ACCOUNT_URL: `http://localhost:${base + 3}`,
  },
} as const;
