import { useId, type ReactNode } from 'react';
import { ModalFrame } from '@rentora/shared';
import {
  $modal,
  closeModal,
  mayView,
  useSession,
  useStore,
  type ModalState,
  type NavLink,
  type PageAccess,
} from '@rentora/state';
import { BrowserRouter, Route, Routes } from '@rentora/state/router';
import AuthModal from '../../../../../remote-account/src/exposed/auth-modal';
import ProfileModal from '../../../../../remote-account/src/exposed/profile-modal';
import BookRideModal from '../../../../../remote-booking/src/exposed/book-ride-modal';
import styles from '../../../../../host/src/app/app.module.css';
import { HOST_NAV_LINKS, HOST_PAGES, NOT_FOUND_PAGE } from '../../../../../host/src/app/host-pages';
import { Footer } from '../../../../../host/src/features/footer/footer';
import { Header } from '../../../../../host/src/features/header/header';
import { ToastRegion } from '../../../../../host/src/features/toasts/toast-region';
import { PageTransition } from '../../../../../host/src/features/transitions/page-transition';
import { NavLinksContext } from '../../../../../host/src/lib/site-context';
import { BUNDLED_PAGES } from './pages';

const NAV_LINKS: readonly NavLink[] = [
  ...HOST_NAV_LINKS,
  ...BUNDLED_PAGES.flatMap(({ path, nav }) => (nav ? [{ to: path, ...nav }] : [])),
].sort((a, b) => a.order - b.order);

/**
 * Rentora as one ordinary single-page app, to measure the composed site against: the host's
 * header, footer, pages and page transitions and the remotes' pages and modals, all in one
 * script, rendered by the browser from an empty page. No federation, no first paint from HTML.
 */
export function SingleBundleApp() {
  return (
    <BrowserRouter>
      <NavLinksContext value={NAV_LINKS}>
        <div className={styles.site}>
          <a href="#main" className={styles.skipLink}>
            Skip to content
          </a>
          <Header />
          <main id="main" className={styles.main} tabIndex={-1}>
            <PageTransition>
              {(location) => (
                <Routes location={location}>
                  {HOST_PAGES.map(({ path, title, element }) => (
                    <Route key={path} path={path} element={<Titled title={title}>{element}</Titled>} />
                  ))}
                  {BUNDLED_PAGES.map(({ path, title, access, Page }) => (
                    <Route
                      key={path}
                      path={path}
                      element={
                        <ForReaders access={access}>
                          <Titled title={title}>
                            <Page />
                          </Titled>
                        </ForReaders>
                      }
                    />
                  ))}
                  <Route path="*" element={NOT_FOUND} />
                </Routes>
              )}
            </PageTransition>
          </main>
          <Footer />
          <BundledModal />
          <ToastRegion />
        </div>
      </NavLinksContext>
    </BrowserRouter>
  );
}

const NOT_FOUND = <Titled title={NOT_FOUND_PAGE.title}>{NOT_FOUND_PAGE.element}</Titled>;

/** A page for some roles only is the 404 page to everyone else, as the composed site answers it. */
function ForReaders({ access, children }: { access: PageAccess; children: ReactNode }) {
  const { role } = useSession();
  return mayView(access, role) ? children : NOT_FOUND;
}

/** The one modal the `$modal` store names, its remote's component rendered in the site's dialog. */
function BundledModal() {
  const modal = useStore($modal);
  const titleId = useId();
  if (!modal) return null;
  return (
    <ModalFrame key={modal.name} titleId={titleId} onClose={closeModal}>
      <ModalBody modal={modal} titleId={titleId} />
    </ModalFrame>
  );
}

/** The remote modal the store names, imported, with the props the contract gives it. */
function ModalBody({ modal, titleId }: { modal: ModalState; titleId: string }) {
  switch (modal.name) {
    case 'auth':
      return <AuthModal titleId={titleId} onClose={closeModal} initialView={modal.view} />;
    case 'book':
      return <BookRideModal titleId={titleId} onClose={closeModal} vehicleId={modal.vehicleId} />;
    case 'profile':
      return <ProfileModal titleId={titleId} onClose={closeModal} />;
  }
}

function Titled({ title, children }: { title: string | null; children: ReactNode }) {
  return (
    <>
      {title && <title>{title}</title>}
      {children}
    </>
  );
}
