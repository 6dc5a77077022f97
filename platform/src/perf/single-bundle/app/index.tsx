import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ROOT_ID } from '@rentora/shared';
import { $pagePaths, pagePathsOf } from '@rentora/state';
import { HOST_PAGES } from '../../../../../host/src/app/host-pages';
import { BUNDLED_PAGES } from './pages';
import { SingleBundleApp } from './single-bundle-app';

// Where each page is, for the links pages write by name: the site's own table, known at build.
$pagePaths.set(pagePathsOf([...HOST_PAGES, ...BUNDLED_PAGES]));

const root = document.getElementById(ROOT_ID);
if (!root) throw new Error(`index.html has no #${ROOT_ID} element.`);
createRoot(root).render(
  <StrictMode>
    <SingleBundleApp />
  </StrictMode>,
);
