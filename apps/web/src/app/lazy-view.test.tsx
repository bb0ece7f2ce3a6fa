import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyView, CHUNK_LOAD_TIMEOUT_MS } from './lazy-view.tsx';

function Screen() {
  return <h1>Gotowy ekran</h1>;
}

describe('lazy view', () => {
  it('reports a chunk that takes longer than 120 s and loads it again on retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const load = vi
      .fn<() => Promise<typeof Screen>>()
      .mockReturnValueOnce(new Promise(() => undefined))
      .mockResolvedValueOnce(Screen);
    render(<LazyView load={load} />);
    expect(screen.getByRole('progressbar', { name: 'Ładowanie…' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByText('Nie udało się wczytać widoku')).toBeTruthy();

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('heading', { name: 'Gotowy ekran' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the load error when the chunk fails', async () => {
    render(<LazyView load={() => Promise.reject(new Error('Failed to fetch dynamically imported module'))} />);
    expect(await screen.findByRole('button', { name: 'Odśwież stronę' })).toBeTruthy();
  });
});
