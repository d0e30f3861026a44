import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router-dom';
import { recordQuery } from '../api/recordQuery';
import { routeRecordId } from './paths';

/**
 * The loader of an edit route (`…/:id?`): starts loading the record as the navigation starts,
 * alongside the session check, instead of once the screen has rendered. It does not hold the
 * navigation; the form's query picks up the request in flight (or its answer). `recordParams` are
 * those the form reads the record with (`{ lang: 'en' }`), so both name the same copy.
 */
export function prefetchRecord(queryClient: QueryClient, api: string, recordParams?: Record<string, unknown>): LoaderFunction {
  return ({ params }) => {
    const id = routeRecordId(params.id);
    if (id !== undefined) void queryClient.prefetchQuery(recordQuery(api, id, recordParams));
    return null;
  };
}
