import { act, render, screen } from '@testing-library/react';
import { showToast, TOAST_DURATION_MS } from '@rentora/state';
import { ToastRegion } from './toast-region';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('announces a success toast with its icon and removes it after 3 s', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('success', 'You’ve been logged out!');
    });
    const region = screen.getByRole('status', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('You’ve been logged out!');
    expect(screen.getByRole('img', { name: 'Success' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(region).toHaveTextContent('You’ve been logged out!');
    act(() => jest.advanceTimersByTime(1));
    expect(region).toBeEmptyDOMElement();
  });

  it('shows an error toast with the error icon', () => {
    render(<ToastRegion />);
    act(() => {
      showToast('error', 'Failed to cancel rental!');
    });
    expect(screen.getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('Failed to cancel rental!')).toBeVisible();
  });
});
