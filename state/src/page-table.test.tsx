import { render, screen } from '@testing-library/react';
import { matchPath, matchSite, pagePathsOf, parametersOf, readsOf, type SitePage } from './page-table';
import { Route, Routes, StaticRouter, useParams } from './router';

function Params() {
  return <p>{JSON.stringify(useParams())}</p>;
}

/** The params react-router's `<Routes>` gives the page at `pathname`, or undefined when it shows none. */
function routedParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const { unmount } = render(
    <StaticRouter location={pathname}>
      <Routes>
        <Route path={pattern} element={<Params />} />
      </Routes>
    </StaticRouter>,
  );
  const shown = screen.queryByRole('paragraph');
  const params = shown ? (JSON.parse(shown.textContent ?? '') as Record<string, string>) : undefined;
  unmount();
  return params;
}

describe('matchPath', () => {
  it('matches every path as the router’s <Routes> does: case, trailing slashes, encoded segments', () => {
    // The router's development build warns of each path no route matches.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cases: [string, string][] = [
      ['/vehicles/:vehicleId', '/vehicles/audi-q7'],
      ['/vehicles/:vehicleId', '/Vehicles/audi-q7/'],
      ['/vehicles/:vehicleId', '/vehicles/a%25b'],
      ['/vehicles/:vehicleId', '/vehicles/a%2Fb'],
      ['/vehicles/:vehicleId', '/vehicles/a%3Fb'],
      ['/vehicles/:vehicleId', '/vehicles/caf%C3%A9'],
      ['/vehicles/:vehicleId', '/vehicles'],
      ['/vehicles/:vehicleId', '/vehicles/a/b'],
      ['/operator/fleet', '/operator/fleet'],
      ['/operator/fleet', '/operator'],
      ['/', '/'],
    ];
    for (const [pattern, pathname] of cases) {
      expect([pattern, pathname, matchPath(pattern, pathname)]).toEqual([
        pattern,
        pathname,
        routedParams(pattern, pathname),
      ]);
    }
    expect(matchPath('/vehicles/:vehicleId', '/vehicles/a%2Fb')).toEqual({ vehicleId: 'a/b' });
    warn.mockRestore();
  });

  it('takes a path that does not decode as it came, without a console warning', () => {
    const warn = jest.spyOn(console, 'warn');
    expect(matchPath('/vehicles/:vehicleId', '/vehicles/a%b')).toEqual({ vehicleId: 'a%b' });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('gives an optional parameter that is absent as empty', () => {
    expect(matchPath('/bookings/:status?', '/bookings')).toEqual({ status: '' });
  });
});

describe('readsOf', () => {
  it('fills the page’s reads with its parameters, each URL-encoded', () => {
    expect(readsOf({ reads: ['/api/vehicles/:vehicleId', '/api/vehicles'] }, { vehicleId: 'a/b?c' })).toEqual([
      '/api/vehicles/a%2Fb%3Fc',
      '/api/vehicles',
    ]);
  });
});

describe('parametersOf', () => {
  it('names a pattern’s parameters in react-router’s syntax', () => {
    expect(parametersOf('/vehicles/:vehicleId')).toEqual(['vehicleId']);
    expect(parametersOf('/a/:first/b/:second-part?')).toEqual(['first', 'second-part']);
    expect(parametersOf('/files/*')).toEqual(['*']);
    expect(parametersOf('/about')).toEqual([]);
  });
});

describe('pagePathsOf', () => {
  it('says where each page is by name; of two pages with one name, the first wins, as for a path', () => {
    expect(
      pagePathsOf([
        { name: 'about', path: '/about' },
        { name: 'fleet', path: '/vehicles' },
        { name: 'fleet', path: '/cars' },
      ]),
    ).toEqual({ about: '/about', fleet: '/vehicles' });
  });
});

describe('matchSite', () => {
  const page = (remote: string, name: string, path: string): SitePage => ({
    remote,
    name,
    path,
    title: null,
    expose: './Page',
    reads: path.includes(':') ? ['/api/vehicles/:vehicleId'] : [],
    what: name,
    access: 'everyone',
    styles: [],
  });
  const table = {
    pages: [
      page('catalog', 'car', '/vehicles/:vehicleId'),
      page('other', 'also-car', '/vehicles/:vehicleId'),
      page('catalog', 'about-claim', '/about'),
    ],
  };
  const own = [{ path: '/about', name: 'about' }];

  it('gives the host’s own page first, even where a remote claims the path', () => {
    expect(matchSite(own, table, '/About/')).toEqual({ own: own[0] });
  });

  it('else the first remote page there, with its params and its reads', () => {
    expect(matchSite(own, table, '/vehicles/a%2Fb')).toEqual({
      remote: { page: table.pages[0], params: { vehicleId: 'a/b' }, reads: ['/api/vehicles/a%2Fb'] },
    });
  });

  it('else nothing: the 404 page', () => {
    expect(matchSite(own, table, '/nowhere')).toBeUndefined();
  });
});
