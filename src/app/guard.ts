import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { queryKeys } from '../engine/api/queryKeys';
import { fetchCurrentAdmin } from '../engine/api/session';
import { queryClient } from './queryClient';

/** Paths only a logged-out visitor may see. */
const isGuestPath = (pathname: string) => pathname.startsWith('/auth/');

/**
 * Navigation guard (root loader, run on every navigation): refresh the current administrator,
 * send guests to login and logged-in users away from guest pages; the app is ready after it.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const admin = await fetchCurrentAdmin();
  queryClient.setQueryData(queryKeys.me, admin);
  const { pathname } = new URL(request.url);
  if (!admin && !isGuestPath(pathname)) throw redirect('/auth/login');
  if (admin && isGuestPath(pathname)) throw redirect('/');
  return admin;
}
