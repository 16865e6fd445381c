import { useEffect, useRef } from 'react';
import { authApi } from '../auth/api';
import { useCurrentUser, useUpdateStoredUser } from '../auth/session';

/**
 * Opens the guided tour by itself the first time a new user opens a project (ADR 0182): once per user,
 * remembered on the server (`tour_seen`), so it does not open again — closed, finished or left open —
 * in this or any other browser. Only the server's answer counts (never the cookie copy of the user, which
 * may be older). The user is marked at once, when the tour opens.
 */
export const useFirstTour = (open: () => void) => {
  const { data: user, isPlaceholderData } = useCurrentUser();
  const updateUser = useUpdateStoredUser();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !user || isPlaceholderData || user.tour_seen !== false) return;
    opened.current = true;
    open();
    updateUser({ ...user, tour_seen: true });
    authApi
      .tourSeen()
      .then(({ data }) => updateUser(data))
      // not remembered (offline): it may open once more on the next visit, nothing else is lost
      .catch(() => undefined);
  }, [user, isPlaceholderData, open, updateUser]);
};
