import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, NavLink, Route, Routes, useLocation, useParams, useSearchParams } from './router';
import { memoryRouterAt } from './testing/memory-router';

function renderAt(url: string, children: ReactNode) {
  const router = memoryRouterAt(url);
  render(<router.Router>{children}</router.Router>);
  return router;
}

function Navigation() {
  return (
    <nav>
      <NavLink to="/" end>
        Home
      </NavLink>
      <NavLink to="/vehicles">Vehicles</NavLink>
      <NavLink to="/vehicles?category=SUV">SUVs</NavLink>
      <NavLink to="/about" end className={({ isActive }) => (isActive ? 'active' : 'idle')}>
        About
      </NavLink>
    </nav>
  );
}

const link = (name: string) => screen.getByRole('link', { name });

describe('NavLink', () => {
  it('marks the link to the current page, comparing paths as the routes match them', () => {
    renderAt('/About', <Navigation />);
    expect(link('About')).toHaveAttribute('aria-current', 'page');
    expect(link('About')).toHaveClass('active');
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('Vehicles')).not.toHaveAttribute('aria-current');
  });

  it('without `end`, also marks the pages below it; a query in the link does not matter', () => {
    renderAt('/vehicles/audi-q7', <Navigation />);
    expect(link('Vehicles')).toHaveAttribute('aria-current', 'page');
    expect(link('SUVs')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('About')).toHaveClass('idle');
  });

  it('marks the page the server marked: a trailing slash does not matter, even with `end`', () => {
    renderAt('/about/', <Navigation />);
    expect(link('About')).toHaveAttribute('aria-current', 'page');
    expect(link('About')).toHaveClass('active');
  });

  it('a link to / is current only on the home page', () => {
    renderAt('/about', <NavLink to="/">Home</NavLink>);
    expect(link('Home')).not.toHaveAttribute('aria-current');
  });
});

describe('Link', () => {
  it('follows the link in place, and a link to where the reader is adds no Back step', async () => {
    const router = renderAt('/', <Link to="/vehicles">Vehicles</Link>);
    const user = userEvent.setup();
    await user.click(link('Vehicles'));
    expect(router.location.pathname).toBe('/vehicles');
    await user.click(link('Vehicles'));
    act(() => router.back());
    expect(router.location.pathname).toBe('/');
  });
});

function Query() {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  return (
    <>
      <p>
        q is [{params.get('q')}] at {pathname}
        {search}
      </p>
      <button type="button" onClick={() => setParams({ q: '%41 b' }, { replace: true })}>
        Search
      </button>
    </>
  );
}

describe('useSearchParams', () => {
  it('reads and writes the query exactly as typed, on the current path', async () => {
    const router = renderAt('/vehicles', <Query />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(/q is/)).toHaveTextContent('q is [%41 b] at /vehicles?q=%2541+b');
    expect(router.location).toEqual({ pathname: '/vehicles', search: '?q=%2541+b' });
    // Replaced, not pushed: Back has nowhere to go.
    act(() => router.back());
    expect(router.location.search).toBe('?q=%2541+b');
  });
});

function Car() {
  const { vehicleId } = useParams<{ vehicleId: string }>();
  return <p>car {vehicleId}</p>;
}

describe('Routes', () => {
  it('given a location, renders that page with its params while the address bar has moved on', () => {
    // As the address bar has it: percent-encoded.
    const shown = { pathname: '/vehicles/a%25b', search: '' };
    renderAt(
      '/about',
      <Routes location={shown}>
        <Route path="/about" element={<p>about</p>} />
        <Route path="/vehicles/:vehicleId" element={<Car />} />
      </Routes>,
    );
    expect(screen.getByText('car a%b')).toBeInTheDocument();
    expect(screen.queryByText('about')).not.toBeInTheDocument();
  });

  it('without one, follows the address bar', () => {
    renderAt(
      '/about',
      <Routes>
        <Route path="/about" element={<p>about</p>} />
        <Route path="/vehicles/:vehicleId" element={<Car />} />
      </Routes>,
    );
    expect(screen.getByText('about')).toBeInTheDocument();
  });
});
