import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

afterEach(cleanup);

function setup(dirty: boolean) {
  const renders = { form: 0 };
  function Form() {
    renders.form += 1;
    return (
      <>
        <UnsavedChangesGuard dirty={dirty} />
        <Link to="/times">Times</Link>
        <ConfirmDialog />
      </>
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/genre/1', element: <Form /> },
      { path: '/times', element: <p>Times list</p> },
    ],
    { initialEntries: ['/genre/1'] },
  );
  return { router, renders };
}

describe('UnsavedChangesGuard', () => {
  it('asks before leaving a form with changes: Stay keeps the page, Leave goes', async () => {
    const { router } = setup(true);
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    await act(async () => fireEvent.click(screen.getByText('Times')));
    expect(await screen.findByText('You have unsaved changes. Leave this page and lose them?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })));
    expect(router.state.location.pathname).toBe('/genre/1');

    await act(async () => fireEvent.click(screen.getByText('Times')));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Leave' })));
    expect(await screen.findByText('Times list')).toBeTruthy();
  });

  it('lets a form without changes go, and mounting it does not render the form around it again', async () => {
    const { router, renders } = setup(false);
    await act(async () => {
      render(<RouterProvider router={router} />);
    });
    expect(renders.form).toBe(1);
    await act(async () => fireEvent.click(screen.getByText('Times')));
    expect(await screen.findByText('Times list')).toBeTruthy();
  });
});
