/** the one gentle prompt after the first sign-in on a phone (issue 42; the push helper fills it). */
export function PushPrompt() {
  return null;
}
