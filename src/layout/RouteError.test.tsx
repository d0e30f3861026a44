import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';

afterEach(() => vi.restoreAllMocks());

describe('RouteError', () => {
  it('replaces a page whose code failed to load, with a reload button, inside the layout that stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          element: (
            <main>
              <nav>Main menu</nav>
              <Outlet />
            </main>
          ),
          children: [
            {
              errorElement: <RouteError />,
              children: [{ path: '/genres', lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) }],
            },
          ],
        },
      ],
      { initialEntries: ['/genres'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(screen.getByText('Main menu')).toBeTruthy();
  });
});
