import { onSessionEnd, onSessionStart } from '../../lib/session-events';
import { PROMPT_AFTER_LOGIN_KEY, markSignedIn, promptMemory, restorePromptMemory, unsubscribeThisDevice } from './push-device';

/**
 * Web Push follows the session (lib/session-events.ts; registered by session-subscribers.ts):
 * - a sign-in in this tab lets the gentle prompt (PushPrompt) follow it;
 * - when the session ends (a logout, or the server ended it), this browser's push subscription ends
 *   too — the server forgets the device with the session, and the next user of the phone must not
 *   get the last one's notifications. Who answered the prompt stays: a logout clears localStorage
 *   right after the listeners' first (synchronous) part, so it is written back once they go on.
 */
export function subscribePushToSession() {
  onSessionStart((userId) => markSignedIn(userId));
  onSessionEnd(async () => {
    const memory = promptMemory();
    sessionStorage.removeItem(PROMPT_AFTER_LOGIN_KEY);
    await Promise.resolve();
    restorePromptMemory(memory);
    await unsubscribeThisDevice();
  });
}
