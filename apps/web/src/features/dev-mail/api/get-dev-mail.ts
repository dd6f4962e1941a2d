import type { DevMailResponse, DevMailView } from '@copytrade/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { devMailKeys } from './query-keys';

/** GET /api/dev/mail?to=… (development only): the e-mails the product would have sent, newest first. */
export async function getDevMail(to: string): Promise<DevMailView[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const response = await api.get<DevMailResponse>(`/api/dev/mail${query}`);
  const mails = Array.isArray(response.mails) ? response.mails : [];
  return [...mails].sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
}

export const getDevMailQueryOptions = (to: string) =>
  queryOptions({
    queryKey: devMailKeys.list(to),
    queryFn: () => getDevMail(to),
    staleTime: 0,
    retry: false,
  });

export function useDevMail(to: string) {
  return useQuery(getDevMailQueryOptions(to));
}
