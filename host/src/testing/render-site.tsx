import { act, render } from '@testing-library/react';
import { MemoryRouter } from '@rentora/state/testing/memory-router';
import { SiteLayout } from '../app/app';
import { init } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES } from '@rentora/shared';
import { reportCaughtError } from '../lib/federation/report-caught-error';
import { registerRemoteUrls, type RemoteUrls } from '../lib/federation/remote-registry';

// A real federation runtime whose remotes live at a closed port: every remote load really fails.
export const UNREACHABLE_REMOTES = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, 'http://127.0.0.1:9']),
) as RemoteUrls;
init({ name: 'host', remotes: [] });
registerRemoteUrls(UNREACHABLE_REMOTES);

/** The whole site shell at `path`, as the host renders it, with the real stores and API. */
export async function renderSite(path = '/about') {
  // Remote pages suspend while their code loads; let React settle that inside act.
  return act(async () =>
    render(
      <MemoryRouter url={path}>
        <SiteLayout />
      </MemoryRouter>,
      { onCaughtError: reportCaughtError },
    ),
  );
}

/**
 * Clicks something whose effect suspends (a remote starts loading), inside an awaited act so
 * React can settle the suspense; userEvent's own act is synchronous.
 */
export async function clickAndSettle(element: HTMLElement): Promise<void> {
  element.focus();
  await act(async () => element.click());
}
