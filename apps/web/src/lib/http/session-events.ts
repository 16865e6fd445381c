/** Notifies the UI when the session starts or ends (login, logout, refresh rejected). */
type Listener = (reason: SessionChange) => void;
export type SessionChange = 'signed-in' | 'signed-out' | 'expired' | 'user-updated';

const listeners = new Set<Listener>();

export const sessionEvents = {
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit: (change: SessionChange): void => {
    for (const listener of [...listeners]) listener(change);
  },
};
