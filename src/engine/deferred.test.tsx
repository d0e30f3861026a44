import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, preloadable, preloadDeferred } from './deferred';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferred', () => {
  it('shows the fallback until the code is loaded, then the component with its props', async () => {
    let loaded!: (component: typeof Greeting) => void;
    const Deferred = deferred(() => new Promise<typeof Greeting>((resolve) => (loaded = resolve)), <p>Loading</p>);
    // Awaited: React retries a suspended render from an act scope only when that act is awaited.
    await act(async () => {
      render(<Deferred name="Ada" />);
    });
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => loaded(Greeting));
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('loads each piece of code once, on first render or ahead with preloadDeferred', async () => {
    const load = vi.fn(async () => Greeting);
    const Deferred = deferred(load);
    const route = vi.fn(async () => 'route module');
    const loadRoute = preloadable(route);
    await preloadDeferred();
    expect(load).toHaveBeenCalledTimes(1);
    expect(route).toHaveBeenCalledTimes(1);
    await expect(loadRoute()).resolves.toBe('route module');
    await act(async () => {
      render(<Deferred name="Grace" />);
    });
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(route).toHaveBeenCalledTimes(1);
  });
});

describe('deferred, once loaded', () => {
  it('renders the component in the first render, without the fallback', async () => {
    const Deferred = deferred(async () => Greeting, <p>Loading</p>);
    await Deferred.preload();
    render(<Deferred name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });
});

describe('deferred, when its code cannot be loaded', () => {
  it('says so with a reload button where the part goes, and the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject<typeof Greeting>(new TypeError('Failed to fetch dynamically imported module')));
    const Deferred = deferred(load, <p>Loading</p>);
    await act(async () => {
      render(
        <>
          <p>The rest of the page</p>
          <Deferred name="Ada" />
        </>,
      );
    });
    expect(screen.getByRole('alert').textContent).toContain('This part of the page could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByText('The rest of the page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed background preload: preloadDeferred does not fail, and the first render loads again', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Greeting);
    const Deferred = deferred(load);
    await expect(preloadDeferred()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      render(<Deferred name="Grace" />);
    });
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
