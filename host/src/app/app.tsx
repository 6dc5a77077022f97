import { useLayoutEffect } from 'react';
import { SITE_STARTED_EVENT } from '@rentora/shared';
import { BrowserRouter, Route, Routes } from '@rentora/state/router';
import { Footer } from '../features/footer/footer';
import { Header } from '../features/header/header';
import { ModalOutlet } from '../features/modal-outlet/modal-outlet';
import { ToastRegion } from '../features/toasts/toast-region';
import { PageTransition } from '../features/transitions/page-transition';
import styles from './app.module.css';
import { SITE_ROUTES } from './routes';

/** The site in the browser. Its first commit hands the page over from the HTML (SITE_STARTED_EVENT). */
export function App() {
  useLayoutEffect(() => {
    document.dispatchEvent(new Event(SITE_STARTED_EVENT));
  }, []);
  return (
    <BrowserRouter>
      <SiteLayout />
    </BrowserRouter>
  );
}

/** Header, the current page and footer, with the modal outlet and toasts above them. */
export function SiteLayout() {
  return (
    <div className={styles.site}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <PageTransition>
          {(location) => (
            <Routes location={location}>
              {SITE_ROUTES.map(({ path, title, element }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <>
                      {title && <title>{title}</title>}
                      {element}
                    </>
                  }
                />
              ))}
            </Routes>
          )}
        </PageTransition>
      </main>
      <Footer />
      <ModalOutlet />
      <ToastRegion />
    </div>
  );
}
