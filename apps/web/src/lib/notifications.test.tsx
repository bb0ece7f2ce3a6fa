import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { NotificationLayer, enqueueSnackbar } from './notifications.tsx';

describe('notifications', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

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

  it('shows a repeated message again for its whole time once the first has left, whether that one was still on screen or already leaving it, never two at once', async () => {
    render(
      <NotificationLayer>
        <p>Ekran</p>
      </NotificationLayer>,
    );
    enqueueSnackbar('Witaj');
    await screen.findByText('Witaj');
    vi.useFakeTimers();
    const saved = 'Odpowiedzi zostały zapisane';
    // In slices: React renders only when an `act` ends, and notistack starts the next timer from a render. Never two
    // of the same text at once: a test (or a screen reader) finds the one that answers the last act.
    const wait = async (ms: number) => {
      for (let passed = 0; passed < ms; passed += 50) {
        await act(() => vi.advanceTimersByTime(50));
        expect(screen.queryAllByText(saved).length).toBeLessThanOrEqual(1);
      }
    };

    act(() => {
      enqueueSnackbar(saved);
      enqueueSnackbar(saved);
    });
    await wait(5_500);
    // The first is still on screen: it leaves (about 750 ms) and the repeat comes for its own 6000 ms (spec §9).
    act(() => enqueueSnackbar(saved));
    await wait(6_000);
    expect(screen.getAllByText(saved)).toHaveLength(1);

    // About 12.25 s the repeat's time is over; at 12.5 s it is leaving the screen when the next repeat comes.
    await wait(1_000);
    act(() => enqueueSnackbar(saved));
    await wait(5_500);
    expect(screen.getAllByText(saved)).toHaveLength(1);
    await wait(3_000);
    expect(screen.queryByText(saved)).toBeNull();
  });
});
