import { ModalFrame } from '@rentora/shared';
import { $token, $user, type AuthView } from '@rentora/state';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { uniqueEmail } from '@rentora/shared/testing/unique-email';
import { registerAccount, TEST_PASSWORD, withApiUnreachable } from '../../testing/accounts';
import { AuthModal } from './auth-modal';

const TITLE_ID = 'auth-title';
// Password hashing makes sign-up and login answers slow on a busy test machine.
const SERVER = { timeout: 15_000 };
jest.setTimeout(30_000);

function renderAuthModal(initialView: AuthView = 'signup') {
  const onClose = jest.fn();
  const user = userEvent.setup();
  render(
    <ModalFrame titleId={TITLE_ID} onClose={onClose}>
      <AuthModal titleId={TITLE_ID} onClose={onClose} initialView={initialView} />
    </ModalFrame>,
  );
  return { user, onClose, dialog: () => screen.getByRole('dialog') };
}

afterEach(() => {
  $token.set(undefined);
});

describe('AuthModal: Sign Up view', () => {
  it('opens as a dialog titled Sign Up, with the six avatars and the first one chosen', () => {
    const { dialog } = renderAuthModal();
    expect(dialog()).toHaveAccessibleName('Sign Up');
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeVisible();

    const group = screen.getByRole('group', { name: 'Choose your avatar' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'avatar1',
      'avatar2',
      'avatar3',
      'avatar4',
      'avatar5',
      'avatar6',
    ]);
    expect(screen.getByRole('radio', { name: 'Avatar 1' })).toBeChecked();
  });

  it('marks Name, Email and Password as required', () => {
    renderAuthModal();
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('shows and hides the password', async () => {
    const { user } = renderAuthModal();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'secret-words');
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret-words');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('says ‘Invalid email format.’ before sending anything', async () => {
    const { user } = renderAuthModal();
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha at example.com');
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email format.');
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect($token.get()).toBeUndefined();
  });

  it('says the password is too short before sending anything', async () => {
    const { user } = renderAuthModal();
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters long.',
    );
    expect($token.get()).toBeUndefined();
  });

  it('clears a field’s message once the user edits it', async () => {
    const { user } = renderAuthModal();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByText('Invalid email format.')).toBeVisible();

    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Invalid email format.')).not.toBeInTheDocument();
  });

  it('signs up: a spinner and a disabled button while sending, then the server’s message and Done', async () => {
    const { user, onClose } = renderAuthModal();
    const email = uniqueEmail('sign-up');
    await user.click(screen.getByRole('radio', { name: 'Avatar 4' }));
    await user.type(screen.getByLabelText('Name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const submit = screen.getByRole('button', { name: 'Sign Up' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');

    expect(await screen.findByText('Your account is ready. Welcome to Rentora!', undefined, SERVER)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toHaveFocus();
    expect(screen.getByRole('img', { name: 'Success' })).toBeVisible();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await waitFor(() => expect($user.get()).toMatchObject({ name: 'Asha Verma', email, avatar: 'avatar4' }), SERVER);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusal and ‘Sign Up Again!’ returns with what was typed, except the password', async () => {
    const taken = await registerAccount();
    const { user, onClose } = renderAuthModal();
    await user.click(screen.getByRole('radio', { name: 'Avatar 5' }));
    await user.type(screen.getByLabelText('Name'), 'Second Asha');
    await user.type(screen.getByLabelText('Email'), taken.email);
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText('An account with this email already exists. Please log in instead.', undefined, SERVER),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Failed' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign Up Again!' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Second Asha');
    expect(screen.getByLabelText('Email')).toHaveValue(taken.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Avatar 5' })).toBeChecked();
    expect(onClose).not.toHaveBeenCalled();
    expect($token.get()).toBeUndefined();
  });

  it('shows ‘Something went wrong!’ as a failure when the server cannot be reached', async () => {
    const { user } = renderAuthModal();
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), uniqueEmail('offline'));
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);

    await withApiUnreachable(async () => {
      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(await screen.findByText('Something went wrong!', undefined, SERVER)).toBeVisible();
    });
    expect(screen.getByRole('img', { name: 'Failed' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Up Again!' })).toBeVisible();
  });
});

describe('AuthModal: switching views', () => {
  it('goes to Login with ‘Login Here!’ and back with ‘Click Here!’, keeping the email', async () => {
    const { user, dialog } = renderAuthModal();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');

    await user.click(screen.getByRole('button', { name: 'Already have an account? Login Here!' }));
    expect(dialog()).toHaveAccessibleName('Login');
    expect(screen.getByRole('heading', { name: 'Login' })).toHaveFocus();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');

    await user.click(screen.getByRole('button', { name: 'No account yet? Click Here!' }));
    expect(dialog()).toHaveAccessibleName('Sign Up');
    expect(screen.getByRole('radio', { name: 'Avatar 1' })).toBeChecked();
  });

  it('opens in the view it is given', () => {
    const { dialog } = renderAuthModal('login');
    expect(dialog()).toHaveAccessibleName('Login');
  });
});

describe('AuthModal: Login view', () => {
  it('logs in: spinner while sending, then ‘Logged in successfully!’ and Done closes', async () => {
    const account = await registerAccount('Ravi Menon');
    const { user, onClose } = renderAuthModal('login');
    await user.type(screen.getByLabelText('Email'), account.email);
    await user.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    expect(screen.getByLabelText('Password')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(await screen.findByText('Logged in successfully!', undefined, SERVER)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeVisible();
    await waitFor(() => expect($user.get()?.name).toBe('Ravi Menon'), SERVER);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal and ‘Login Again!’ returns to Login with the email kept', async () => {
    const account = await registerAccount();
    const { user, dialog } = renderAuthModal('login');
    await user.type(screen.getByLabelText('Email'), account.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Incorrect email or password.', undefined, SERVER)).toBeVisible();
    expect(dialog()).toHaveAccessibleName('Login');

    await user.click(screen.getByRole('button', { name: 'Login Again!' }));
    expect(screen.getByLabelText('Email')).toHaveValue(account.email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect($token.get()).toBeUndefined();
  });

  it('checks the email and password before sending', async () => {
    const { user } = renderAuthModal('login');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByText('Invalid email format.')).toBeVisible();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  it('closes on Escape, as every dialog does', async () => {
    const { user, onClose } = renderAuthModal('login');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
