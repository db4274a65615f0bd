import { useLocation, useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * `useSearchParams` for a page that changes its own address later (a search applied after a pause
 * in typing, a page past the end moved back). Once the browser's address is another page's (a link
 * was followed and its script is still loading, so this page still shows), the setter does
 * nothing: it would take the address back to this page.
 */
export function usePageSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const set: SetURLSearchParams = (next, options) => {
    if (window.location.pathname !== pathname) return;
    setParams(next, options);
  };
  return [params, set];
}
