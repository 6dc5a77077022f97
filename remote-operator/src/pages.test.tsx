import { mayView, navLinksOf, siteTableOf, type PageEntry } from '@rentora/state';
import { render, screen } from '@testing-library/react';
import operatorPages from './pages';

/** The table as the host reads it from pages.json: only what routes and links need. */
const siteTable = siteTableOf({
  operator: {
    pages: operatorPages.pages.map((page): PageEntry => ({
      ...page,
      reads: [...page.reads],
      skeleton: '',
      styles: [],
      css: '',
    })),
    modals: [],
  },
});

describe('the operator side’s page table', () => {
  it('declares the seven pages, none with a first read (each needs the reader’s token)', () => {
    expect(operatorPages.pages.map(({ path, expose, reads }) => [path, expose, reads])).toEqual([
      ['/operator', './TodayPage', []],
      ['/operator/fleet', './FleetPage', []],
      ['/operator/bookings', './BookingsPage', []],
      ['/operator/payments', './PaymentsPage', []],
      ['/operator/team', './TeamPage', []],
      ['/operator/settings', './SettingsPage', []],
      ['/operator/audit', './AuditPage', []],
    ]);
  });

  it('shows the Operations link to operators and admins only', () => {
    const labels = (role: Parameters<typeof navLinksOf>[2]) =>
      navLinksOf(siteTable, [], role).map((link) => `${link.label} ${link.to}`);
    expect(labels('operator')).toEqual(['Operations /operator']);
    expect(labels('admin')).toEqual(['Operations /operator']);
    expect(labels('customer')).toEqual([]);
    expect(labels(undefined)).toEqual([]);
  });

  it('keeps the team, the settings and the audit for admins', () => {
    const viewers = operatorPages.pages.map((page) =>
      [page.path, ...(['customer', 'operator', 'admin'] as const).filter((role) => mayView(page.access, role))].join(
        ' ',
      ),
    );
    expect(viewers).toEqual([
      '/operator operator admin',
      '/operator/fleet operator admin',
      '/operator/bookings operator admin',
      '/operator/payments operator admin',
      '/operator/team admin',
      '/operator/settings admin',
      '/operator/audit admin',
    ]);
  });

  it('has a skeleton headed like its page', () => {
    const headings = operatorPages.pages.map((page) => {
      const { unmount } = render(page.skeleton());
      const heading = screen.getByRole('heading', { level: 1 }).textContent;
      unmount();
      return `${page.path} ${heading}`;
    });
    expect(headings).toEqual([
      '/operator Today',
      '/operator/fleet Fleet',
      '/operator/bookings Bookings',
      '/operator/payments Payments',
      '/operator/team Team',
      '/operator/settings Settings',
      '/operator/audit Audit',
    ]);
  });
});
