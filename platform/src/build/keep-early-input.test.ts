/** @jest-environment jsdom */
import { SITE_STARTED_EVENT } from '@rentora/shared/apps';
import { keepEarlyInput } from './keep-early-input';

const HTML_HEADER =
  '<header><button type="button" aria-label="Open menu">☰</button><button type="button">Sign Up</button></header>';

/** The page as the HTML paints it, with the start-up script listening. */
function htmlPage(html = HTML_HEADER) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const script = document.createElement('script');
  script.textContent = keepEarlyInput();
  document.head.append(script);
}

/** What React's first render does: new elements in place of the HTML's, each press counted. */
function renderApp(html = HTML_HEADER) {
  const presses: string[] = [];
  const root = document.getElementById('root') as HTMLElement;
  root.innerHTML = html;
  for (const button of root.querySelectorAll('button')) {
    button.addEventListener('click', () => presses.push(button.getAttribute('aria-label') ?? button.textContent ?? ''));
  }
  return presses;
}

const button = (label: string) =>
  [...document.querySelectorAll('button')].find(
    (element) => (element.getAttribute('aria-label') ?? element.textContent) === label,
  ) as HTMLButtonElement;

const start = () => document.dispatchEvent(new Event(SITE_STARTED_EVENT));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  start();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('keepEarlyInput', () => {
  it('presses the last button pressed before the start, once the host has started, and only once', () => {
    htmlPage();
    button('Sign Up').click();
    button('Open menu').click();
    const presses = renderApp();
    expect(presses).toEqual([]);
    start();
    expect(presses).toEqual(['Open menu']);
    start();
    expect(presses).toEqual(['Open menu']);
  });

  it('lets the HTML’s button do nothing by itself: a form is not sent before the host can send it', () => {
    htmlPage('<main><form><button>Search</button></form></main>');
    const sent = jest.fn((event: Event) => event.preventDefault());
    document.querySelector('form')?.addEventListener('submit', sent);
    button('Search').click();
    expect(sent).not.toHaveBeenCalled();
  });

  it('leaves the host’s own buttons alone once it has started', () => {
    htmlPage();
    const presses = renderApp();
    start();
    button('Sign Up').click();
    expect(presses).toEqual(['Sign Up']);
  });

  it('presses nothing when the page no longer has exactly one such button, as for a signed-in reader', () => {
    htmlPage();
    button('Sign Up').click();
    const presses = renderApp('<header><button type="button">Log Out</button></header>');
    start();
    expect(presses).toEqual([]);

    htmlPage();
    button('Sign Up').click();
    const twice = renderApp(
      '<header><button type="button">Sign Up</button><button type="button">Sign Up</button></header>',
    );
    start();
    expect(twice).toEqual([]);
  });

  it('presses the visible counterpart when a hidden menu holds another copy of the button', () => {
    const header = (menu: string) =>
      `<header><button type="button">Sign Up</button><div ${menu}><button type="button">Sign Up</button></div></header>`;
    htmlPage(header('hidden'));
    button('Sign Up').click();
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = header('hidden');
    const pressedIn: string[] = [];
    root.addEventListener('click', (event) =>
      pressedIn.push((event.target as Element).closest('[hidden]') ? 'menu' : 'bar'),
    );
    start();
    expect(pressedIn).toEqual(['bar']);
  });

  it('tells buttons apart by their landmark', () => {
    htmlPage('<header><button>Sign Up</button></header><footer><button>Sign Up</button></footer>');
    document.querySelector('footer button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const root = document.getElementById('root') as HTMLElement;
    root.innerHTML = '<header><button>Sign Up</button></header><footer><button>Sign Up</button></footer>';
    const pressedIn: string[] = [];
    root.addEventListener('click', (event) =>
      pressedIn.push((event.target as Element).closest('header,footer')?.tagName ?? ''),
    );
    start();
    expect(pressedIn).toEqual(['FOOTER']);
  });

  it('ignores presses outside #root and in inert first paints', () => {
    htmlPage('<main><div inert=""><button>Search</button></div></main>');
    const outside = document.createElement('button');
    outside.textContent = 'Search';
    document.body.append(outside);
    const outsideDefault = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(outsideDefault);
    expect(outsideDefault.defaultPrevented).toBe(false);
    button('Search').click();
    const presses = renderApp('<main><button>Search</button></main>');
    start();
    expect(presses).toEqual([]);
  });

  it('gives the focus the render took back to the same control', async () => {
    htmlPage();
    button('Sign Up').focus();
    renderApp();
    expect(document.activeElement).toBe(document.body);
    start();
    expect(document.activeElement).toBe(button('Sign Up'));
    await settle();
  });

  it('does not take the focus back when the reader had moved it away before the render', async () => {
    htmlPage();
    button('Sign Up').focus();
    button('Sign Up').blur();
    await settle();
    renderApp();
    start();
    expect(document.activeElement).toBe(document.body);
  });
});
