import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { NotificationLayer, enqueueSnackbar } from './notifications.tsx';

describe('notifications', () => {
  it('shows a message sent before notistack has arrived, with its variant, once it has', async () => {
    render(
      <NotificationLayer>
        <p>Ekran</p>
      </NotificationLayer>,
    );
    enqueueSnackbar('Nie udało się zapisać', { variant: 'error' });
    enqueueSnackbar('Zapisano');
    expect(screen.queryByText('Nie udało się zapisać')).toBeNull();

    const failure = await screen.findByText('Nie udało się zapisać');
    expect(failure.closest('.notistack-MuiContent-error')).not.toBeNull();
    // Spec §9: success unless told otherwise.
    expect((await screen.findByText('Zapisano')).closest('.notistack-MuiContent-success')).not.toBeNull();
    expect(screen.getByText('Ekran')).toBeTruthy();
  });

  it('keeps a message sent while no screen is shown and shows it when the app renders', async () => {
    enqueueSnackbar('Błąd sieci', { variant: 'error' });
    render(
      <NotificationLayer>
        <p>Ekran</p>
      </NotificationLayer>,
    );
    expect((await screen.findByText('Błąd sieci')).closest('.notistack-MuiContent-error')).not.toBeNull();
  });

  it('sends later messages straight to notistack', async () => {
    render(
      <NotificationLayer>
        <p>Ekran</p>
      </NotificationLayer>,
    );
    enqueueSnackbar('Pierwsza');
    await screen.findByText('Pierwsza');
    enqueueSnackbar('Druga', { variant: 'warning' });
    expect((await screen.findByText('Druga')).closest('.notistack-MuiContent-warning')).not.toBeNull();
  });
});
