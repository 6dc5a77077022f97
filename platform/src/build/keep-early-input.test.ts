/** @jest-environment jsdom */
import { PAGE_SHOWN_EVENT, SITE_STARTED_EVENT } from '@rentora/shared/first-paint';
import { keepEarlyInput, OPTION_WAIT_MS } from './keep-early-input';

const HTML_HEADER =
  '<header><button type="button" aria-label="Open menu">☰</button><button type="button">Sign Up</button></header>';

/** The page as the HTML paints it, with the start-up script listening. */
function htmlPage(html = HTML_HEADER) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const script = document.createElement('script');
  script.textContent = keepEarlyInput();
  document.head.append(script);
}

const labelOf = (button: Element) => button.getAttribute('aria-label') ?? button.textContent ?? '';

/**
 * What the host's start does to the shell: React adopts its elements as they stand and listens on
 * #root (where React's own listeners are), each press it sees counted.
 */
function adoptShell() {
  const presses: string[] = [];
  const root = document.getElementById('root') as HTMLElement;
  root.addEventListener('click', (event) => {
    const pressed = (event.target as Element).closest('button');
    if (pressed) presses.push(labelOf(pressed));
  });
  return presses;
}

/** React's render of the reader's session: new elements in place of the HTML's. */
function renderSession(html: string) {
  (document.getElementById('root') as HTMLElement).innerHTML = html;
}

const button = (label: string) =>
  [...document.querySelectorAll('button')].find((element) => labelOf(element) === label) as HTMLButtonElement;

const start = () => document.dispatchEvent(new Event(SITE_STARTED_EVENT));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The page is shown, and handed what the reader did, in a task of its own. */
const shownAndSettled = async (shown: () => void) => {
  shown();
  await settle();
};

// Every test ends with the host started and the page shown: no script of an earlier test listens on.
afterEach(async () => {
  start();
  document.dispatchEvent(new Event(PAGE_SHOWN_EVENT));
  document.dispatchEvent(new Event('pointerup'));
  await settle();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('keepEarlyInput', () => {
  it('presses the last button pressed before the start once the host has started, in a task after it, and only once', async () => {
    htmlPage();
    // React listens from just before it adopts the page: a press meanwhile is the script's alone.
    const presses = adoptShell();
    button('Sign Up').click();
    button('Open menu').click();
    expect(presses).toEqual([]);
    start();
    expect(presses).toEqual([]);
    await settle();
    expect(presses).toEqual(['Open menu']);
    start();
    await settle();
    expect(presses).toEqual(['Open menu']);
  });

  it('lets the HTML’s button do nothing by itself: a form is not sent before the host can send it', () => {
    htmlPage('<main><form><button>Search</button></form></main>');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(submit);
    // The browser does not send a submit whose default was prevented.
    expect(submit.defaultPrevented).toBe(true);
  });

  it('leaves the host’s own buttons alone once it has started', async () => {
    htmlPage();
    const presses = adoptShell();
    start();
    await settle();
    button('Sign Up').click();
    expect(presses).toEqual(['Sign Up']);
  });

  it('presses nothing when the page no longer has exactly one such button, as for a signed-in reader', async () => {
    htmlPage();
    const presses = adoptShell();
    button('Sign Up').click();
    start();
    renderSession('<header><button type="button">Log Out</button></header>');
    await settle();
    expect(presses).toEqual([]);

    htmlPage();
    const twice = adoptShell();
    button('Sign Up').click();
    start();
    renderSession('<header><button type="button">Sign Up</button><button type="button">Sign Up</button></header>');
    await settle();
    expect(twice).toEqual([]);
  });

  it('presses the visible counterpart when a hidden menu holds another copy of the button', async () => {
    htmlPage(
      '<header><button type="button">Sign Up</button><div hidden><button type="button">Sign Up</button></div></header>',
    );
    const pressedIn: string[] = [];
    (document.getElementById('root') as HTMLElement).addEventListener('click', (event) =>
      pressedIn.push((event.target as Element).closest('[hidden]') ? 'menu' : 'bar'),
    );
    button('Sign Up').click();
    start();
    await settle();
    expect(pressedIn).toEqual(['bar']);
  });

  it('tells buttons apart by their landmark', async () => {
    htmlPage('<header><button>Sign Up</button></header><footer><button>Sign Up</button></footer>');
    const pressedIn: string[] = [];
    (document.getElementById('root') as HTMLElement).addEventListener('click', (event) =>
      pressedIn.push((event.target as Element).closest('header,footer')?.tagName ?? ''),
    );
    document.querySelector('footer button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    start();
    await settle();
    expect(pressedIn).toEqual(['FOOTER']);
  });

  it('ignores presses outside #root and in inert first paints', async () => {
    htmlPage('<main><div inert=""><button>Search</button></div></main>');
    const outside = document.createElement('button');
    outside.textContent = 'Search';
    document.body.append(outside);
    const outsideDefault = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(outsideDefault);
    expect(outsideDefault.defaultPrevented).toBe(false);
    const presses = adoptShell();
    button('Search').click();
    start();
    await settle();
    expect(presses).toEqual(['Search']);
  });
});

/** A page's first paint in its slot, as the server writes it: a live form. */
const FIRST_PAINT_FORM =
  '<main><div data-page-slot="catalog/HomePage"><div data-first-paint="">' +
  '<form aria-label="Find a car"><label>Location <select name="location"><option value="">Any city</option>' +
  '<option value="Goa">Goa (3 cars)</option></select></label>' +
  '<label>Pick-Up Date <input type="date" name="pick_up_date"></label>' +
  '<label>Name <input name="q"></label><label>Insured <input type="checkbox" name="insured"></label>' +
  '<button type="submit">Search</button></form></div></div></main>';

/** The remote's page, as React would render it: new elements with their own state, each change and submit seen. */
function renderPage(html: string) {
  const seen: string[] = [];
  const root = document.getElementById('root') as HTMLElement;
  root.innerHTML = html.replace(/<div data-first-paint="">|<\/div><\/div><\/main>$/g, (part) =>
    part.startsWith('<div') ? '' : '</div></main>',
  );
  const slot = root.querySelector('[data-page-slot]') as HTMLElement;
  slot.addEventListener('input', (event) => seen.push(`input ${(event.target as HTMLInputElement).name}`));
  slot.addEventListener('change', (event) => seen.push(`change ${(event.target as HTMLInputElement).name}`));
  slot.addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    seen.push(`submit ${[...form.entries()].map(([key, value]) => `${key}=${value as string}`).join('&')}`);
  });
  const shown = () => slot.dispatchEvent(new Event(PAGE_SHOWN_EVENT, { bubbles: true }));
  return { seen, shown, slot };
}

const field = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('keepEarlyInput, in a page painted from HTML', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('gives every field’s value to the page that replaces the first paint, as typed, then sends its form once', async () => {
    htmlPage(FIRST_PAINT_FORM);
    const select = field('location') as unknown as HTMLSelectElement;
    select.value = 'Goa';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    field('pick_up_date').value = '2026-12-10';
    field('pick_up_date').dispatchEvent(new Event('input', { bubbles: true }));
    field('insured').click();
    button('Search').click();
    start();
    const page = renderPage(FIRST_PAINT_FORM);
    expect(page.seen).toEqual([]);

    await shownAndSettled(page.shown);
    expect(field('location')).toHaveProperty('value', 'Goa');
    expect(field('pick_up_date')).toHaveProperty('value', '2026-12-10');
    expect(field('insured')).toHaveProperty('checked', true);
    expect(page.seen.filter((event) => event.startsWith('submit'))).toEqual([
      'submit location=Goa&pick_up_date=2026-12-10&q=&insured=on',
    ]);
    await shownAndSettled(page.shown);
    expect(page.seen.filter((event) => event.startsWith('submit'))).toHaveLength(1);
  });

  it('gives the focus and the caret back to the same field', async () => {
    htmlPage(FIRST_PAINT_FORM);
    field('q').focus();
    field('q').value = 'Mercedes';
    field('q').dispatchEvent(new Event('input', { bubbles: true }));
    field('q').setSelectionRange(3, 5);
    field('q').blur();
    // The render took it: the page's elements are new.
    const page = renderPage(FIRST_PAINT_FORM);
    start();
    await shownAndSettled(page.shown);
    expect(document.activeElement).toBe(field('q'));
    expect(field('q').value).toBe('Mercedes');
    expect([field('q').selectionStart, field('q').selectionEnd]).toEqual([3, 5]);
  });

  it('gives the text and the focus back in the very task that shows the page: the next key lands in its field', () => {
    htmlPage(FIRST_PAINT_FORM);
    field('q').focus();
    field('q').value = 'bm';
    field('q').dispatchEvent(new Event('input', { bubbles: true }));
    const page = renderPage(FIRST_PAINT_FORM);
    start();
    page.shown();
    expect(document.activeElement).toBe(field('q'));
    expect(field('q').value).toBe('bm');
    expect([field('q').selectionStart, field('q').selectionEnd]).toEqual([2, 2]);
    expect(page.seen).toEqual(['input q']);
  });

  it('waits for a chosen city’s option to come with the page’s data, a few seconds at most', () => {
    jest.useFakeTimers();
    htmlPage(FIRST_PAINT_FORM);
    const select = field('location') as unknown as HTMLSelectElement;
    select.value = 'Goa';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    button('Search').click();
    const page = renderPage(FIRST_PAINT_FORM.replace('<option value="Goa">Goa (3 cars)</option>', ''));
    start();
    page.shown();
    jest.advanceTimersByTime(0);
    expect(page.seen).toEqual([]);
    field('location').insertAdjacentHTML('beforeend', '<option value="Goa">Goa (3 cars)</option>');
    // The observer runs as a microtask.
    return Promise.resolve().then(() => {
      expect(field('location')).toHaveProperty('value', 'Goa');
      // The form is sent in a task of its own, once the page's state has the city.
      jest.advanceTimersByTime(0);
      expect(page.seen.filter((event) => event.startsWith('submit'))).toEqual(['submit location=Goa&pick_up_date=&q=']);
      jest.advanceTimersByTime(OPTION_WAIT_MS);
      expect(page.seen.filter((event) => event.startsWith('submit'))).toHaveLength(1);
    });
  });

  it('clicks a press the hand-over split, down on the first paint’s button and up on the one that replaced it', () => {
    htmlPage(FIRST_PAINT_FORM);
    const press = (type: string) => button('Search').dispatchEvent(new Event(type, { bubbles: true }));
    press('pointerdown');
    const page = renderPage(FIRST_PAINT_FORM);
    start();
    page.shown();
    press('pointerup');
    expect(page.seen.filter((event) => event.startsWith('submit'))).toHaveLength(1);
  });

  it('clicks nothing for a split press that ended on another button, nor for one the browser clicks itself', async () => {
    htmlPage(`${HTML_HEADER}${FIRST_PAINT_FORM}`);
    const presses = adoptShell();
    button('Search').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const page = renderPage(`${HTML_HEADER}${FIRST_PAINT_FORM}`);
    start();
    await shownAndSettled(page.shown);
    const press = (type: string) => button('Sign Up').dispatchEvent(new Event(type, { bubbles: true }));
    press('pointerup');
    press('pointerdown');
    press('pointerup');
    expect(presses).toEqual([]);
    expect(page.seen).toEqual([]);
  });

  it('hands nothing to a page other than the one painted first', async () => {
    htmlPage(FIRST_PAINT_FORM);
    field('q').value = 'Audi';
    field('q').dispatchEvent(new Event('input', { bubbles: true }));
    const page = renderPage(FIRST_PAINT_FORM.replace('catalog/HomePage', 'catalog/FleetPage'));
    start();
    await shownAndSettled(page.shown);
    expect(field('q').value).toBe('');
    expect(page.seen).toEqual([]);
  });
});
