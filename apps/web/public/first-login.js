// @ts-check
/* global document, location, history, HTMLTemplateElement -- a script of the browser's page */
/**
 * The login form before the app's script has arrived (issue 43). On a phone on mobile data the
 * app's script takes seconds to come and to compile; this file is about a kilobyte as sent. On "/" and
 * "/login", for a visitor without a stored session, it puts index.html's login form (the
 * <template id="first-login">) in the place of "Memuat…": the visitor types while the app loads.
 * "Masuk" is enabled once both fields are filled, as on the app's page; pressed early, it is
 * remembered. The app's login page then takes the typed values, the focus and a press of "Masuk"
 * (src/features/session/first-login.ts). The signed-in pages' files (named by the build on the
 * template) are fetched from the start: after "Masuk" they are what the dashboard waits for.
 *
 * A plain script (the page's policy allows no inline one), outside the app's build, so that it needs
 * nothing else to run.
 */
(() => {
  const template = document.getElementById('first-login');
  const root = document.getElementById('root');
  // The app is there already (its script came first, from the cache): nothing to do.
  if (!(template instanceof HTMLTemplateElement) || !root || !root.querySelector('.kls-boot')) return;
  const path = location.pathname;
  if (path !== '/' && path !== '/login') return;
  try {
    if (localStorage.getItem('token') && localStorage.getItem('user')) return;
  } catch {
    return;
  }
  // "/" without a session is the login page (the app's router does the same).
  if (path === '/') history.replaceState(history.state, '', '/login');

  const form = /** @type {DocumentFragment} */ (template.content.cloneNode(true)).querySelector('form');
  if (!form) return;
  const screen = /** @type {HTMLElement} */ (form.closest('.kls-first'));
  const username = /** @type {HTMLInputElement} */ (form.elements.namedItem('username'));
  const password = /** @type {HTMLInputElement} */ (form.elements.namedItem('password'));
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button'));
  const update = () => {
    submit.disabled = !username.value || !password.value || form.dataset.sent === '1';
  };
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    update();
    if (submit.disabled) return;
    // Sent as soon as the app is there.
    form.dataset.sent = '1';
    submit.setAttribute('aria-busy', 'true');
    submit.textContent = 'Memuat…';
    update();
  });
  root.replaceChildren(screen);

  // What the page after "Masuk" needs comes now, beside the app's script (unless the phone saves data).
  const connection = /** @type {{ connection?: { saveData?: boolean } }} */ (navigator).connection;
  if (connection?.saveData) return;
  for (const href of (template.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = href.endsWith('.css') ? 'preload' : 'modulepreload';
    if (href.endsWith('.css')) link.as = 'style';
    // As the app asks for them later (Vite's preload): the same request, answered from what came now.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
})();
