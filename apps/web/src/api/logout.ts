import { useLogout } from './profile';
import { clearSessionAndReload } from './session';

/** Logout: tell the server (revokes the token), then clear storage and reload, even if the call fails. */
export function useLogoutAction() {
  const logout = useLogout();
  return () =>
    logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(clearSessionAndReload);
}
