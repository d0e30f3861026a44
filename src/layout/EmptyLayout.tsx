import { Outlet } from 'react-router-dom';

/** Layout of guest pages (login): the page alone, centred. */
export function EmptyLayout() {
  return (
    <main className="empty-layout">
      <Outlet />
    </main>
  );
}
