import { subscribeDraftsToSession } from './lib/drafts';
import { subscribeUploadsToSession } from './uploads/kept-files';
import { subscribeOfflineToSession } from './offline/clear';
import { subscribePushToSession } from './features/notifications/push-session';

/**
 * What keeps a user's data on this browser follows the session (lib/session-events.ts), in this
 * order: the drafts, the kept uploads, the offline mode's saved pages and files. Called once at
 * start-up (main.tsx; and the unit tests' setup), before any login or logout.
 */
export function subscribeToSession() {
  subscribeDraftsToSession();
  subscribeUploadsToSession();
  subscribeOfflineToSession();
  subscribePushToSession();
}
