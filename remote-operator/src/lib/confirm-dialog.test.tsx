import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './confirm-dialog';

function renderDialog(onConfirm: (reason: string) => Promise<void>) {
  const onClose = jest.fn();
  const user = userEvent.setup();
  render(
    <ConfirmDialog
      title="Mark picked up?"
      confirmLabel="Mark picked up"
      reasonLabel="Reason (kept in the booking’s history)"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>Asha Verma’s Jaguar F-Type: from Confirmed to Picked up.</p>
    </ConfirmDialog>,
  );
  return { user, onClose };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title, saying what will change', () => {
    renderDialog(() => Promise.resolve());
    const dialog = screen.getByRole('dialog', { name: 'Mark picked up?' });
    expect(dialog).toHaveTextContent('Asha Verma’s Jaguar F-Type: from Confirmed to Picked up.');
  });

  it('needs a reason, then sends it trimmed and closes', async () => {
    const onConfirm = jest.fn(() => Promise.resolve());
    const { user, onClose } = renderDialog(onConfirm);

    await user.click(screen.getByRole('button', { name: 'Mark picked up' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Reason (kept in the booking’s history)' })).toBeInvalid();

    await user.type(
      screen.getByRole('textbox', { name: 'Reason (kept in the booking’s history)' }),
      '  Keys handed over ',
    );
    await user.click(screen.getByRole('button', { name: 'Mark picked up' }));
    expect(onConfirm).toHaveBeenCalledWith('Keys handed over');
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open, ready to try again, when the change is refused', async () => {
    const onConfirm = jest.fn(() => Promise.reject(new Error('This rental has already started.')));
    const { user, onClose } = renderDialog(onConfirm);
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Keys handed over');
    await user.click(screen.getByRole('button', { name: 'Mark picked up' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Mark picked up' })).toBeEnabled();
  });

  it('closes without a change on ‘Keep as is’ and on Escape', async () => {
    const onConfirm = jest.fn(() => Promise.resolve());
    const { user, onClose } = renderDialog(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Keep as is' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
