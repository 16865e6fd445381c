import { createApiClient } from './api-client';
import { sessionEvents } from './session-events';
import { tokenStore } from './token-store';

/** The app's API client (API_BASE `/api` unless VITE_API_BASE says otherwise). */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE || '/api',
  store: tokenStore,
  onSessionExpired: () => sessionEvents.emit('expired'),
});
