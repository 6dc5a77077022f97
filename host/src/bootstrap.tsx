import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPage, prefetchPage, SITE_PAGES } from '@rentora/state';
import { App } from './app/app';
import { holdFirstPaint } from './app/first-page-data';
import { reportCaughtError } from './lib/federation/report-caught-error';
import { loadRemoteModule } from './lib/federation/remote-module';
import { registerRemotesFromConfig } from './lib/federation/remote-registry';

async function start() {
  const { pathname } = window.location;
  const { page } = matchPage(pathname);
  // The page's data and its remote's code start now, side by side, before React renders.
  const data = prefetchPage(pathname);
  await registerRemotesFromConfig();
  const { remoteModule } = SITE_PAGES[page];
  if (remoteModule) {
    const code = loadRemoteModule(remoteModule);
    // A failed load is shown by the page's slot, which asks again; nothing to report here.
    code.catch(() => undefined);
    holdFirstPaint(page, data, code);
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  const reactRoot = createRoot(root, { onCaughtError: reportCaughtError });
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
