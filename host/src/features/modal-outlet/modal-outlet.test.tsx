import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { $modal, closeModal, openBookRide } from '@rentora/state';
import { clickAndSettle, renderSite } from '../../testing/render-site';

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  act(() => closeModal());
  jest.restoreAllMocks();
});

describe('modal outlet', () => {
  it('renders the modal named by $modal as a labelled dialog, locking page scroll', async () => {
    await renderSite('/about');
    await act(async () => openBookRide('bmw-7-series'));
    const dialog = await screen.findByRole('dialog', { name: 'We couldn’t load booking.' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    const opener = within(screen.getByRole('banner')).getByRole('button', { name: 'Sign Up' });
    await clickAndSettle(opener);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect($modal.get()).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on the X and on a backdrop click', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    await act(async () => openBookRide('bmw-7-series'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => openBookRide('bmw-7-series'));
    const dialog = await screen.findByRole('dialog');
    await user.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    await renderSite('/about');
    await act(async () => openBookRide('bmw-7-series'));
    const dialog = await screen.findByRole('dialog', { name: 'We couldn’t load booking.' });
    for (let press = 0; press < 5; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
