import type { LoginResponse, User } from '@pfahlplaner/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { sessionEvents } from '../../lib/http/session-events';
import { tokenStore } from '../../lib/http/token-store';
import { authApi } from './api';

export const ME_QUERY_KEY = ['user', 'me'] as const;

/** True while a refresh credential is stored (the protected routes' gate). */
export const useHasSession = (): boolean =>
  useSyncExternalStore(sessionEvents.subscribe, tokenStore.hasSession, () => false);

/**
 * The signed-in user. With `onEntry` (the protected-route gate) GET /v1/user/me/ runs on every entry;
 * pages below it read the cached result. The cookie copy shows the header at once.
 */
export const useCurrentUser = ({ onEntry = false }: { onEntry?: boolean } = {}) =>
  useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async (): Promise<User> => {
      const { data } = await authApi.me();
      tokenStore.saveUser(data);
      return data;
    },
    placeholderData: () => tokenStore.getUser() ?? undefined,
    refetchOnMount: onEntry ? 'always' : true,
    retry: false,
    staleTime: 60_000,
  });

/** Stores the tokens and the user of a login (or a completed registration) and announces the session. */
export const useStartSession = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (login: LoginResponse) => {
      tokenStore.saveTokens(login);
      tokenStore.saveUser(login.user);
      queryClient.setQueryData(ME_QUERY_KEY, login.user);
      sessionEvents.emit('signed-in');
    },
    [queryClient],
  );
};

/** Updates the stored user after a profile or company change. */
export const useUpdateStoredUser = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      tokenStore.saveUser(user);
      queryClient.setQueryData(ME_QUERY_KEY, user);
    },
    [queryClient],
  );
};

/** Revokes the refresh token on the server, which deletes its cookie (best effort), and clears the others. */
export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    let serverOk = true;
    try {
      await authApi.logout();
    } catch {
      serverOk = false; // the script's cookies are cleared anyway; the token expires on its own
    }
    tokenStore.clear();
    queryClient.clear();
    sessionEvents.emit('signed-out');
    return serverOk;
  }, [queryClient]);
};
