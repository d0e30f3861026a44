import { useQuery } from '@tanstack/react-query';
import { call } from '../engine/api/apiClient';
import { queryKeys } from '../engine/api/queryKeys';

/** Settings the server exposes to the interface (`GET admin/client-config`). */
export interface ClientConfig {
  publicSiteUrl: string;
}

export function useClientConfig(): Partial<ClientConfig> {
  const { data } = useQuery({
    queryKey: queryKeys.lookup('client-config'),
    queryFn: async () => (await call<{ data: ClientConfig }>('get', 'client-config')).data,
    staleTime: Infinity,
  });
  return data ?? {};
}
