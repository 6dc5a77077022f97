import { configureApi } from '@rentora/state';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderCatalog } from '../../testing/render-catalog';

describe('FleetPage when the API cannot be reached', () => {
  afterEach(() => {
    configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
  });

  it('says so and loads the fleet on Try again', async () => {
    const user = userEvent.setup();
    configureApi({ baseUrl: 'http://127.0.0.1:9' });
    renderCatalog('/vehicles');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t load the fleet. Check your connection and try again.',
    );

    configureApi({ baseUrl: process.env.RENTORA_TEST_API_URL ?? '' });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('46 Results')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
