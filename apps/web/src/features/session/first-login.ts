/**
 * What the visitor did on index.html's login form before the app's script arrived
 * (public/first-login.js): the typed values, the field with the focus, a press of "Masuk". The
 * form is found when this module loads, before React replaces it (or, at the latest, while the
 * login page first renders); the login page reads it once and then forgets it (a later visit of
 * the page, after a logout, starts empty).
 */
export interface FirstLogin {
  username: string;
  password: string;
  /** "Masuk" was pressed. */
  sent: boolean;
  focus: 'username' | 'password' | null;
}

const find = () => (typeof document === 'undefined' ? null : document.getElementById('first-login-form'));
let form = find();

/** The early form's state, or null when there was none (or it was read and forgotten). */
export function readFirstLogin(): FirstLogin | null {
  // Put in place after this module loaded (first-login.js came second): still in the page while the login page renders.
  form ??= find();
  const early = form;
  if (!(early instanceof HTMLFormElement)) return null;
  const field = (name: string) => {
    const input = early.elements.namedItem(name);
    return input instanceof HTMLInputElement ? input : null;
  };
  const username = field('username');
  const password = field('password');
  const active = document.activeElement;
  return {
    username: username?.value ?? '',
    password: password?.value ?? '',
    sent: early.dataset.sent === '1',
    focus: active && active === username ? 'username' : active && active === password ? 'password' : null,
  };
}

/** Drops the early form (and the password typed in it). */
export function forgetFirstLogin(): void {
  if (form instanceof HTMLFormElement) form.reset();
  form = null;
}
