import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** A worker as the page sees it: a state, its changes, and the messages posted to it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  readonly update = vi.fn(() => Promise.resolve());
  /** The browser found a new sw.js: it installs and then waits, as a worker of a new build does. */
  installNewBuild(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
    return worker;
  }
}

class FakeContainer extends EventTarget {
  controller: object | null;
  readonly registration = new FakeRegistration();
  readonly register = vi.fn(() => Promise.resolve(this.registration));
  constructor(hasController: boolean) {
    super();
    this.controller = hasController ? {} : null;
  }
}

// The update flag is one per page: each test starts from a fresh module graph.
async function load() {
  const [{ registerServiceWorker, UPDATE_POLL_MS }, { UpdateBanner }] = await Promise.all([import('./service-worker.ts'), import('../components/update-banner.tsx')]);
  return { registerServiceWorker, UPDATE_POLL_MS, UpdateBanner };
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.useRealTimers());

describe('the new-version banner', () => {
  it('appears once a new build waits, and its click activates that build and reloads the page after it took over', async () => {
    const { registerServiceWorker, UpdateBanner } = await load();
    const container = new FakeContainer(true);
    const reload = vi.fn();
    const stop = await registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, reload });
    expect(container.register).toHaveBeenCalledWith('/sw.js', expect.objectContaining({ scope: '/' }));
    render(<UpdateBanner />);
    expect(screen.queryByRole('alert')).toBeNull();

    let worker = new FakeWorker();
    act(() => {
      worker = container.registration.installNewBuild();
    });
    expect(screen.getByRole('alert').textContent).toContain('Dostępna jest nowa wersja aplikacji.');

    await userEvent.click(screen.getByRole('button', { name: 'Wczytaj nową wersję' }));
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The page reloads only when the new worker controls it, so the reload gets the new build.
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('shows for a build already waiting when the page opens', async () => {
    const { registerServiceWorker, UpdateBanner } = await load();
    const container = new FakeContainer(true);
    container.registration.waiting = new FakeWorker();
    const stop = await registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, reload: vi.fn() });
    render(<UpdateBanner />);
    expect(screen.getByRole('button', { name: 'Wczytaj nową wersję' })).toBeTruthy();
    stop();
  });

  it('does not show for the first install of the app, when no worker controlled the page yet', async () => {
    const { registerServiceWorker, UpdateBanner } = await load();
    const container = new FakeContainer(false);
    const stop = await registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, reload: vi.fn() });
    render(<UpdateBanner />);
    act(() => void container.registration.installNewBuild());
    expect(screen.queryByRole('alert')).toBeNull();
    stop();
  });

  it('asks the server for a new worker every 3 seconds, and a failed check does not stop the polling', async () => {
    vi.useFakeTimers();
    const { registerServiceWorker, UPDATE_POLL_MS } = await load();
    expect(UPDATE_POLL_MS).toBe(3000);
    const container = new FakeContainer(true);
    container.registration.update.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const stop = await registerServiceWorker({ container: container as unknown as ServiceWorkerContainer, reload: vi.fn() });
    await vi.advanceTimersByTimeAsync(2999);
    expect(container.registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(container.registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6000);
    expect(container.registration.update).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(9000);
    expect(container.registration.update).toHaveBeenCalledTimes(3);
  });
});
