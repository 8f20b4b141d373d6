/** Why a session's event stream is told to sign out; the app shows "New sign-in" for it. */
export type LogoutReason = 'new-sign-in';

type Listener = (reason: LogoutReason | null) => void;

/**
 * In-process hub of open event streams, keyed by session id. A stream registers a listener; when its
 * session is revoked the listener is called once with a reason (send `logout`) or with null (just close).
 */
export class EventsHub {
  private readonly listeners = new Map<number, Set<Listener>>();

  subscribe(sessionId: number, listener: Listener): () => void {
    const set = this.listeners.get(sessionId) ?? new Set();
    set.add(listener);
    this.listeners.set(sessionId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(sessionId);
    };
  }

  /** Ends every stream of these sessions; `reason` null closes them without a logout event. */
  endSessions(sessionIds: readonly number[], reason: LogoutReason | null): void {
    for (const id of sessionIds) {
      const set = this.listeners.get(id);
      if (!set) continue;
      this.listeners.delete(id);
      for (const listener of set) listener(reason);
    }
  }

  /** Closes every open stream, e.g. when the server stops. */
  closeAll(): void {
    this.endSessions([...this.listeners.keys()], null);
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}
