import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, preloadable, preloadDeferred } from './deferred';

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
