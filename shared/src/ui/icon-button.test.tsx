import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CloseIcon, IconButton } from './icon-button';

describe('IconButton', () => {
  it('is a button named by its label, whose icon stays silent', () => {
    render(
      <IconButton label="Close" onClick={() => undefined}>
        <CloseIcon />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveClass('iconButton', 'md', 'plain');
  });

  it('answers a click and a key press', async () => {
    const user = userEvent.setup();
    const clicks: string[] = [];
    render(
      <IconButton label="Close preview" size="lg" tone="night" onClick={() => clicks.push('closed')}>
        <CloseIcon size={24} />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Close preview' });
    expect(button).toHaveClass('lg', 'night');
    expect(button.querySelector('svg')).toHaveAttribute('width', '24');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    expect(clicks).toEqual(['closed', 'closed']);
  });
});
