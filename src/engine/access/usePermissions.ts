import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { EffectivePermissions } from '../../../common/permissions';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { queryKeys } from '../api/queryKeys';
import { fetchCurrentAdmin } from '../api/session';
import { screenAccess, type ScreenAccess } from './screenAccess';

/** The logged-in administrator's permissions, as the navigation's `GET admin/me` brought them (never fetched here). */
export function usePermissions(): EffectivePermissions | undefined {
  const { data } = useQuery({ queryKey: queryKeys.me, queryFn: fetchCurrentAdmin, enabled: false, staleTime: Infinity });
  return data?.permissions;
}

/** What the logged-in administrator may do on a screen: the screen's permissions and their roles together. */
export function useScreenAccess(screen: Pick<ScreenDefinition, 'api' | 'permissions'>): ScreenAccess {
  const permissions = usePermissions();
  return useMemo(() => screenAccess(screen, permissions), [screen, permissions]);
}
