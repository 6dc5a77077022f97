import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar } from './avatar';

// Every picture gets its own URL here, so the test can tell which one shows.
jest.mock('../avatars/avatar1.svg', () => ({ __esModule: true, default: '/assets/avatar1.svg' }), { virtual: true });
jest.mock('../avatars/avatar2.svg', () => ({ __esModule: true, default: '/assets/avatar2.svg' }), { virtual: true });
jest.mock('../avatars/avatar3.svg', () => ({ __esModule: true, default: '/assets/avatar3.svg' }), { virtual: true });
jest.mock('../avatars/avatar4.svg', () => ({ __esModule: true, default: '/assets/avatar4.svg' }), { virtual: true });
jest.mock('../avatars/avatar5.svg', () => ({ __esModule: true, default: '/assets/avatar5.svg' }), { virtual: true });
jest.mock('../avatars/avatar6.svg', () => ({ __esModule: true, default: '/assets/avatar6.svg' }), { virtual: true });
jest.mock('../avatars/default.svg', () => ({ __esModule: true, default: '/assets/default.svg' }), { virtual: true });

describe('Avatar', () => {
  it.each(['avatar1', 'avatar2', 'avatar3', 'avatar4', 'avatar5', 'avatar6'])('shows the picture of %s', (avatar) => {
    render(<Avatar avatar={avatar} alt="Asha" />);
    expect(screen.getByRole('img', { name: 'Asha' })).toHaveAttribute('src', `/assets/${avatar}.svg`);
  });

  it('shows the default picture for an unknown value', () => {
    render(<Avatar avatar="avatar7" alt="Asha" />);
    expect(screen.getByRole('img', { name: 'Asha' })).toHaveAttribute('src', '/assets/default.svg');
  });

  it('shows the default picture for a missing value', () => {
    render(<Avatar avatar={undefined} alt="Asha" />);
    expect(screen.getByRole('img', { name: 'Asha' })).toHaveAttribute('src', '/assets/default.svg');
  });

  it('does not treat inherited object keys as avatars', () => {
    render(<Avatar avatar="toString" alt="Asha" />);
    expect(screen.getByRole('img', { name: 'Asha' })).toHaveAttribute('src', '/assets/default.svg');
  });

  it('falls back to the default picture when its image fails to load', () => {
    render(<Avatar avatar="avatar3" alt="Asha" />);
    fireEvent.error(screen.getByRole('img', { name: 'Asha' }));
    expect(screen.getByRole('img', { name: 'Asha' })).toHaveAttribute('src', '/assets/default.svg');
  });

  it('tries the new picture again when the avatar changes after a failure', () => {
    const { rerender } = render(<Avatar avatar="avatar3" alt="Asha" />);
    fireEvent.error(screen.getByRole('img', { name: 'Asha' }));
    rerender(<Avatar avatar="avatar5" alt="Asha" />);
    expect(screen.getByRole('img', { name: 'Asha' })).toHaveAttribute('src', '/assets/avatar5.svg');
  });

  it('is drawn at the size asked for, and is decorative without a name', () => {
    render(<Avatar avatar="avatar2" size={64} />);
    const picture = screen.getByRole('presentation');
    expect(picture).toHaveAttribute('width', '64');
    expect(picture).toHaveAttribute('height', '64');
    expect(picture).toHaveAttribute('alt', '');
  });
});
