import { createActor, type InspectionEvent } from 'xstate';
import type { DownloadsActor } from '../../../machines/offline/downloads.machine';
import type { SessionActor } from '../../app/hooks';

/** What screens see of the app's downloads (`effects.downloads`). */
export type DownloadsHandle = {
  /** The signed-in learner's downloads, or null while nobody is signed in or downloads are off. */
  current(): DownloadsActor | null;
  /** Calls `listener` when `current()` changes (for `useSyncExternalStore`). */
  subscribe(listener: () => void): () => void;
};

type HostOptions = {
  /** The brand's `isOfflineEnable`: without it there are no downloads at all. */
  enabled: () => boolean;
  reportError: (error: unknown) => void;
  inspect?: ((event: InspectionEvent) => void) | undefined;
};

/**
 * Runs the downloads of whoever is signed in, app-wide, so a download goes on while the learner
 * moves around the app: they start (restoring every stored download, a cut one starting again) when
 * a session starts, and stop when it ends (logout clears the files and records). Their code loads
 * with the first signed-in session, not with the sign-in page.
 */
export function hostDownloads(
  session: () => SessionActor,
  options: HostOptions,
): DownloadsHandle & { start(): void } {
  const listeners = new Set<() => void>();
  let userId: number | null = null;
  let actor: DownloadsActor | null = null;

  const changed = () => {
    for (const listener of listeners) listener();
  };

  async function startFor(owner: number) {
    const { downloads } = await import('./downloads.provide');
    // The session may have ended (or changed hands) while the code loaded.
    if (userId !== owner || actor) return;
    actor = createActor(downloads, { inspect: options.inspect });
    actor.start();
    changed();
  }

  function follow() {
    const snapshot = session().getSnapshot();
    const next =
      snapshot.matches('signedIn') && options.enabled() ? (snapshot.context.user?.id ?? null) : null;
    if (next === userId) return;
    userId = next;
    if (actor) {
      actor.stop();
      actor = null;
      changed();
    }
    if (next !== null) startFor(next).catch(options.reportError);
  }

  return {
    /** Follows the session from now on; the root actor (the session's parent) must be running. */
    start() {
      follow();
      session().subscribe(follow);
    },
    current: () => actor,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
