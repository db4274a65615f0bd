/**
 * The start and the end of a session on this browser, as events. api/session.ts announces them;
 * what keeps per-user data subscribes from its own module (drafts: lib/drafts.ts; kept uploads:
 * uploads/kept-files.ts; the offline mode's saved pages and files: offline/clear.ts) and
 * is registered once at start-up (main.tsx). So the session knows none of them.
 */

/**
 * How a session ended: `logout` — everything of the user goes (a shared lab computer); `ended` —
 * the server no longer knows the token or the password was changed: unsent work (drafts, kept
 * uploads, queued comments) stays for the next login, only the saved copies of pages go.
 */
export type SessionEndKind = 'logout' | 'ended';

type StartListener = (userId: number) => void | Promise<void>;
type EndListener = (kind: SessionEndKind) => void | Promise<void>;

// Sets: registering the same listener twice (a test and main.tsx) still runs it once.
const starts = new Set<StartListener>();
const ends = new Set<EndListener>();

const subscribe =
  <L>(set: Set<L>) =>
  (listener: L): (() => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };

/** `listener(userId)` runs at each login, before the app goes on. */
export const onSessionStart = subscribe(starts);

/** `listener(kind)` runs when a session ends; a logout waits for what it returns. */
export const onSessionEnd = subscribe(ends);

/**
 * Runs the listeners in the order they were registered; their failures are swallowed (what fails
 * to tidy up must not stop a login or a logout). The listeners' synchronous parts have run when
 * this returns; the promise settles once each has finished.
 */
function emit<A>(set: Set<(arg: A) => void | Promise<void>>, arg: A): Promise<void> {
  const runs = [...set].map((listener) => {
    try {
      return Promise.resolve(listener(arg)).catch(() => undefined);
    } catch {
      return Promise.resolve();
    }
  });
  return Promise.all(runs).then(() => undefined);
}

/** A user has signed in (api/session.ts). */
export const sessionStarted = (userId: number): Promise<void> => emit(starts, userId);

/** The session has ended (api/session.ts): by a logout, or otherwise. */
export const endSession = (kind: SessionEndKind): Promise<void> => emit(ends, kind);
