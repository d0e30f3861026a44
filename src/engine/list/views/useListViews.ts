import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { NewViewBody, ViewChangeBody } from '../../../../common/viewAnswers';
import { queryKeys } from '../../api/queryKeys';
import { viewsApi, type ViewAnswer } from '../../api/viewsApi';

/** The saved views of one list and what can be done with them (docs/saved-views.md). */
export interface ListViews {
  views: ViewAnswer[];
  loading: boolean;
  /** The reader's default view of the list, if any. */
  defaultView: ViewAnswer | undefined;
  create(body: Omit<NewViewBody, 'screen'>): Promise<ViewAnswer>;
  update(id: number, change: ViewChangeBody): Promise<ViewAnswer>;
  remove(id: number): Promise<void>;
  setDefault(viewId: number | null): Promise<void>;
}

/** The views of the list of `screen` (its resource name), read once per list and refreshed after each change. */
export function useListViews(screen: string, enabled = true): ListViews {
  const queryClient = useQueryClient();
  const key = queryKeys.views(screen);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => viewsApi.list(screen, signal), enabled, staleTime: 60_000 });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.views(screen) }), [queryClient, screen]);
  const create = useMutation({ mutationFn: (body: Omit<NewViewBody, 'screen'>) => viewsApi.create({ ...body, screen }), onSettled: refresh });
  const update = useMutation({ mutationFn: ({ id, change }: { id: number; change: ViewChangeBody }) => viewsApi.update(id, change), onSettled: refresh });
  const remove = useMutation({ mutationFn: (id: number) => viewsApi.remove(id), onSettled: refresh });
  const setDefault = useMutation({ mutationFn: (viewId: number | null) => viewsApi.setDefault({ screen, viewId }), onSettled: refresh });
  const views = query.data ?? [];
  return {
    views,
    loading: query.isLoading,
    defaultView: views.find((view) => view.is_default),
    create: (body) => create.mutateAsync(body),
    update: (id, change) => update.mutateAsync({ id, change }),
    remove: async (id) => void (await remove.mutateAsync(id)),
    setDefault: async (viewId) => void (await setDefault.mutateAsync(viewId)),
  };
}
