import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/session';
import { teamApi } from './api';

export const subscriptionKey = (companyId: number | undefined) =>
  ['subscription', companyId] as const;

/** The company's plan and licence (banner, seats, test mode); every role may read it. */
export const useSubscription = () => {
  const { data: user } = useCurrentUser();
  const companyId = user?.company.id;
  return useQuery({
    queryKey: subscriptionKey(companyId),
    queryFn: async () => (await teamApi.subscription(companyId ?? 0)).data,
    enabled: companyId != null,
    staleTime: 60_000,
  });
};
