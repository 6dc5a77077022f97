import '@rentora/shared/styles/fonts.css';
import '@rentora/shared/styles/tokens.css';
import '@rentora/shared/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { reportCaughtError } from './lib/federation/report-caught-error';
import { registerRemotesFromConfig } from './lib/federation/remote-registry';

async function start() {
  await registerRemotesFromConfig();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element.');
  createRoot(root, { onCaughtError: reportCaughtError }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
