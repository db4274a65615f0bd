/**
 * The chunks a visitor needs right after logging in: the signed-in layout and the dashboard (with
 * the student's dashboard, one chunk: vite.config.ts). The router loads them through these; the
 * login page fetches them ahead, while the visitor types (on mobile data that is seconds saved).
 */
export const loadAppLayout = () => import('./AppLayout');
export const loadDashboardPage = () => import('../features/dashboard/DashboardPage');

/**
 * Fetches the signed-in chunks once the login page has been painted and the browser is idle, unless
 * the phone asked to save data. Returns a cancel function (for an effect's clean-up).
 */
export function preloadSignedIn(): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  let cancelled = false;
  const load = () => {
    if (cancelled) return;
    // A failure here is not shown: the router loads them again when they are needed, and says so there.
    void loadAppLayout().catch(() => {});
    void loadDashboardPage().catch(() => {});
  };
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(load, { timeout: 2000 }) : load());
  // The frame after the next one: the login page is on the screen by then.
  const frame = requestAnimationFrame(() => window.setTimeout(whenIdle, 0));
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
  };
}
