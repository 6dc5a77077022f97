import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { $modal, $token, closeModal, configureApi, refreshUser, signUp } from '@rentora/state';
import { clickAndSettle, renderSite } from '../../testing/render-site';

let emailCounter = 0;
async function signUpNewUser(name: string) {
  emailCounter += 1;
  const email = `header-${Date.now()}-${emailCounter}@example.com`;
  const outcome = await signUp({ name, email, password: 'long-enough-pw', avatar: 'avatar3' });
  expect(outcome.ok).toBe(true);
  return email;
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  act(() => {
    $token.set(undefined);
    closeModal();
  });
  jest.restoreAllMocks();
});

describe('header', () => {
  it('offers Sign Up when logged out, which opens the sign-up modal', async () => {
    await renderSite('/about');
    const header = screen.getByRole('banner');
    for (const name of ['Home', 'Vehicles', 'About']) {
      expect(within(header).getByRole('link', { name })).toBeInTheDocument();
    }
    await clickAndSettle(within(header).getByRole('button', { name: 'Sign Up' }));
    expect($modal.get()).toEqual({ name: 'auth', view: 'signup' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows the avatar button once logged in, which opens the profile', async () => {
    await renderSite('/about');
    await act(async () => {
      await signUpNewUser('Meera Iyer');
    });
    const avatarButton = await screen.findByRole('button', { name: 'Open profile' });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    await clickAndSettle(avatarButton);
    expect($modal.get()).toEqual({ name: 'profile' });
  });
});

describe('mobile menu', () => {
  it('opens with the Navigation heading and the site links, and closes on Escape', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const menu = screen.getByRole('region', { name: 'Navigation' });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('button', { name: 'Sign Up' })).toBeVisible();
    for (const name of ['Home', 'Vehicles', 'About']) {
      expect(within(menu).getByRole('link', { name })).toBeVisible();
    }

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Navigation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('shows a loading profile card, then the user’s avatar, name and email', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    let email = '';
    await act(async () => {
      email = await signUpNewUser('Kabir Khan');
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('region', { name: 'Navigation' });
    expect(await within(menu).findByText('Kabir Khan')).toBeVisible();
    expect(within(menu).getByText(email)).toBeVisible();

    await clickAndSettle(within(menu).getByRole('button', { name: /Kabir Khan/ }));
    expect($modal.get()).toEqual({ name: 'profile' });
  });

  it('shows skeletons while the user loads', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await act(async () => {
      const pending = signUpNewUser('Rhea Das');
      await pending;
    });
    // Right after the token arrives the user is being fetched: the card says so.
    const menu = screen.getByRole('region', { name: 'Navigation' });
    const card = within(menu).getByRole('button');
    expect(card).toHaveAccessibleName(/Rhea Das|Loading your profile/);
  });
});

describe('mobile menu when the user cannot be fetched', () => {
  it('offers the profile instead of loading forever', async () => {
    const user = userEvent.setup();
    let token = '';
    await act(async () => {
      await signUpNewUser('Dev Malhotra');
      token = $token.get() ?? '';
    });
    await renderSite('/about');
    // The API becomes unreachable and the user is fetched again: the token stays, no user comes.
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    try {
      await act(async () => {
        $token.set(undefined);
        $token.set(token);
        await refreshUser();
      });
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const menu = screen.getByRole('region', { name: 'Navigation' });
      expect(within(menu).getByRole('button', { name: 'Your profile' })).toBeVisible();
      expect(within(menu).queryByText('Loading your profile')).not.toBeInTheDocument();
    } finally {
      configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    }
  });
});
