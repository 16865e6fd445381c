/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Cookie domain of the session cookies (e.g. `.pfahlplaner.example`); empty: host-only. */
  readonly VITE_COOKIE_DOMAIN?: string;
  /** Base path of the API (default `/api`, the server's API_BASE). */
  readonly VITE_API_BASE?: string;
}
