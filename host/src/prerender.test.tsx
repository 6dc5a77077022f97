import { NAV_HREF_TOKEN, NAV_LABEL_TOKEN } from '@rentora/shared';
import { renderShell } from './prerender';

const TOKEN_LINKS = [{ to: NAV_HREF_TOKEN, label: NAV_LABEL_TOKEN, order: 0 }];

/** The header's navigation list as rendered. */
const headerLinks = (shell: string) => /<ul[^>]*data-nav-list="header"[^>]*>(.*?)<\/ul>/.exec(shell)?.[1] ?? '';

describe('the shell the build renders', () => {
  it('writes a navigation link’s target token as it is, for the server to replace with the path', () => {
    const links = headerLinks(renderShell('/no-such-page', TOKEN_LINKS, true));
    expect(links).toContain(`href="${NAV_HREF_TOKEN}"`);
    expect(links).not.toContain('aria-current');
    expect(links).toContain(NAV_LABEL_TOKEN);
  });

  it('marks the link current when the shell is rendered at its target', () => {
    const links = headerLinks(renderShell(NAV_HREF_TOKEN, TOKEN_LINKS, true));
    expect(links).toContain(`aria-current="page"`);
    expect(links).toContain(`href="${NAV_HREF_TOKEN}"`);
  });
});
