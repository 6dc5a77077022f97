import { cssFromRemote, fillPageSlot, markPageSlot } from './first-paint';

describe('a remote page’s first paint in the host’s shell', () => {
  const shell =
    '<header>h</header><main><div class="t"><div data-page-slot="catalog/FleetPage" style="display:contents">' +
    '<div role="status"><span>Loading…</span><div class="cards"><span></span></div></div>' +
    '</div></div></main><footer><div>f</div></footer>';

  it('marks exactly the slot’s content, however deeply its skeleton nests', () => {
    const marked = markPageSlot(shell);
    expect(marked).toContain(
      'style="display:contents"><!--rentora:first-paint catalog/FleetPage--><div role="status"><span>Loading…</span>' +
        '<div class="cards"><span></span></div></div><!--/rentora:first-paint--></div></div></main>',
    );
    expect(markPageSlot('<main><div>About</div></main>')).toBe('<main><div>About</div></main>');
  });

  it('puts the first paint in its module’s slot, inert until the remote’s code replaces it, with a status', () => {
    const page = fillPageSlot(markPageSlot(shell), 'catalog/FleetPage', '<h1>Our fleet</h1>');
    expect(page).toContain(
      'data-page-slot="catalog/FleetPage" style="display:contents"><div data-first-paint="" style="display:contents">' +
        '<span role="status" class="visually-hidden">Loading…</span>' +
        '<div inert="" style="display:contents"><h1>Our fleet</h1></div></div></div></div></main>',
    );
    expect(page).not.toContain('<div role="status">');
    expect(page).not.toContain('rentora:first-paint');
    // No slot for that module, or none at all: nothing to fill.
    expect(fillPageSlot(markPageSlot(shell), 'catalog/HomePage', '<h1>x</h1>')).toBeUndefined();
    expect(fillPageSlot(shell, 'catalog/FleetPage', '<h1>x</h1>')).toBeUndefined();
  });

  it('keeps the remote’s CSS pointing at the remote, whatever page it is written into', () => {
    const css =
      '.a{background:url(assets/car.1a2b3c4d.svg)}.b{background:url("/img/x.png")}' +
      '.c{background:url(data:image/svg+xml;base64,AAAA)}.d{background:url(https://cdn.example.com/y.png)}';
    expect(cssFromRemote(css, 'https://catalog.example.com/v2/first-paint.json')).toBe(
      '.a{background:url(https://catalog.example.com/v2/assets/car.1a2b3c4d.svg)}' +
        '.b{background:url("https://catalog.example.com/img/x.png")}' +
        '.c{background:url(data:image/svg+xml;base64,AAAA)}.d{background:url(https://cdn.example.com/y.png)}',
    );
  });
});
