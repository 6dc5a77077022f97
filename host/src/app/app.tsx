import { useContext, useEffect, type ReactNode } from 'react';
import { SITE_STARTED_EVENT } from '@rentora/shared';
import { $pagePaths, mayView, navLinksOf, subjectRead, useSession, type NavLink, type Site } from '@rentora/state';
import { BrowserRouter, Route, Routes, type Location } from '@rentora/state/router';
import { Footer } from '../features/footer/footer';
import { Header } from '../features/header/header';
import { ModalOutlet } from '../features/modal-outlet/modal-outlet';
import { ToastRegion } from '../features/toasts/toast-region';
import { PageTransition } from '../features/transitions/page-transition';
import styles from './app.module.css';
import { NavLinksContext, SiteContext } from '../lib/site-context';
import { SiteProvider } from '../lib/site-provider';
import { HOST_NAV_LINKS, NOT_FOUND_PAGE, sitePagePaths } from './host-pages';
import { UnlessMissing } from './missing-page';
import { usePageCodeOnIntent } from './page-code-on-intent';
import { PageLoading } from './page-loading';
import { RemotePage } from './remote-page';
import { siteMatchAt } from './site-match';

/**
 * The site in the browser: its first render is the page's HTML, which React adopts (bootstrap.tsx).
 * Once that is done, the start-up script is told: from then on the shell's presses are React's.
 */
export function App({ site }: { site: Site }) {
  useEffect(() => {
    document.dispatchEvent(new Event(SITE_STARTED_EVENT));
  }, []);
  return (
    <SiteProvider initial={site}>
      <BrowserRouter>
        <SiteLayout />
      </BrowserRouter>
    </SiteProvider>
  );
}

/**
 * Header, the current page and footer, with the modal outlet and toasts above them. For the
 * build's prerender, `page` stands in for the page the location would show and `navLinks` for the
 * site's links.
 */
export function SiteLayout({ page, navLinks }: { page?: ReactNode; navLinks?: readonly NavLink[] }) {
  const { table } = useContext(SiteContext);
  const { role } = useSession();
  usePageCodeOnIntent(table);
  // The start-up code set where each page is from the first tables; a staff member's whole site may add pages.
  useEffect(() => $pagePaths.set(sitePagePaths(table)), [table]);
  return (
    <NavLinksContext value={navLinks ?? navLinksOf(table, HOST_NAV_LINKS, role)}>
      <div className={styles.site}>
        <a href="#main" className={styles.skipLink}>
          Skip to content
        </a>
        <Header />
        <main id="main" className={styles.main} tabIndex={-1}>
          <PageTransition>{(location) => page ?? <SitePage location={location} />}</PageTransition>
        </main>
        <Footer />
        <ModalOutlet />
        <ToastRegion />
      </div>
    </NavLinksContext>
  );
}

/**
 * The page at `location`: one of the host's own, else the remote page the site's table has there,
 * else the 404 page. A page for some roles only is a 404 to everyone else, once the reader's role
 * is known; a page whose path names something the API answers 404 for (a car not in the fleet) is
 * one to everyone. A remote page is routed at `location` (its params and query stay its own while
 * it leaves) by the one pattern matched: `<Routes>` gives the page its params (`useParams`), as
 * every remote built against `@rentora/state` 4 reads them.
 */
function SitePage({ location }: { location: Location }) {
  const { table } = useContext(SiteContext);
  const { role, token, loading: userLoading } = useSession();
  const found = siteMatchAt(table, location.pathname);
  const { own, remote: match } = found ?? {};
  if (own) return <Titled title={own.title}>{own.element}</Titled>;
  const notFound = <Titled title={NOT_FOUND_PAGE.title}>{NOT_FOUND_PAGE.element}</Titled>;
  if (match && mayView(match.page.access, role)) {
    const page = (
      <Routes location={location}>
        <Route
          path={match.page.path}
          element={
            <Titled title={match.page.title}>
              <RemotePage page={match.page} />
            </Titled>
          }
        />
      </Routes>
    );
    const subject = subjectRead(match);
    return subject === undefined ? (
      page
    ) : (
      <UnlessMissing read={subject} notFound={notFound}>
        {page}
      </UnlessMissing>
    );
  }
  // Whose page it may be is known once the signed-in reader has loaded.
  if (match && token && (userLoading || role === undefined)) return <PageLoading />;
  return notFound;
}

function Titled({ title, children }: { title: string | null; children: ReactNode }) {
  return (
    <>
      {title && <title>{title}</title>}
      {children}
    </>
  );
}
