import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPage, prefetchPage, SITE_PAGES } from '@rentora/state';
import { App } from './app/app';
import { reportCaughtError } from './lib/federation/report-caught-error';
import { loadRemoteModule } from './lib/federation/remote-module';
import { registerRemotesFromConfig } from './lib/federation/remote-registry';

async function start() {
  const { pathname } = window.location;
  // The page's data and its remote's code start now, side by side, before React renders.
  prefetchPage(pathname);
  await registerRemotesFromConfig();
  const { remoteModule } = SITE_PAGES[matchPage(pathname).page];
  // A failed load is shown by the page's slot, which asks again; nothing to report here.
  if (remoteModule) loadRemoteModule(remoteModule).catch(() => undefined);
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
