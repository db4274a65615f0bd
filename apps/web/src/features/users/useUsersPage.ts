import { useEffect, useState } from 'react';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useLocation, useNavigate } from 'react-router';
import { ROLE_BY_ID, ROLE_LABELS, type RoleName } from '@kelasku/contract';
import { useUserPage } from '../../api/users';
import { downloadFile } from '../../api/download';
import { useRombelOptions } from '../../api/profile';
import { usePageSearchParams } from '../../lib/page-search-params';
import { errorMessage, toastError } from '../../lib/toast';
import { useAccountActions } from './account-actions';
import { statusFilterOf, type StatusFilter } from './account-texts';

/** How long typing pauses before the list asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** A search text that is a role's label (Admin, Guru, Siswa, Orang Tua; any case) filters by that role; any other text searches name, username and e-mail. */
export function userFilter(search: string): { q?: string; role?: RoleName } {
  const text = search.trim();
  const roleId = Object.keys(ROLE_LABELS).find((id) => ROLE_LABELS[Number(id)]!.toLowerCase() === text.toLowerCase());
  if (roleId) return { role: ROLE_BY_ID[Number(roleId)] };
  return text ? { q: text } : {};
}

/**
 * The logic of /resources/users: the page, status and rombel in the URL, the search text in the
 * history entry (typed, then applied after a pause), the ticked users, and the export.
 */
export function useUsersPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = usePageSearchParams();
  const applied = (location.state as { q?: string } | null)?.q ?? '';
  const [search, setSearch] = useState(applied);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const status = statusFilterOf(params.get('status'));
  const rombelId = Math.floor(Number(params.get('rombel'))) || undefined;
  const filter = { ...userFilter(applied), ...(status ? { status } : {}), ...(rombelId ? { rombel_id: rombelId } : {}) };
  const users = useUserPage({ page, ...filter });
  const actions = useAccountActions();
  const rombels = useRombelOptions();
  const statusLabel = useId();
  // The users ticked on this page; a new page or filter starts with none.
  const [selected, setSelected] = useState<number[]>([]);
  useEffect(() => setSelected([]), [page, applied, status, rombelId]);

  /** Page 1 keeps the plain address; other pages add ?page=; filters add ?status= and ?rombel=. */
  const go = (
    next: number,
    q: string,
    replace: boolean,
    nextStatus: StatusFilter | null = status ?? null,
    nextRombel: number | null = rombelId ?? null,
  ) => {
    const search = new URLSearchParams(params);
    if (next > 1) search.set('page', String(next));
    else search.delete('page');
    if (nextStatus) search.set('status', nextStatus);
    else search.delete('status');
    if (nextRombel) search.set('rombel', String(nextRombel));
    else search.delete('rombel');
    setParams(search, { replace, state: q ? { q } : null });
  };
  /** The export takes the list's filters (without the search text). */
  const exportUsers = () => {
    const q = new URLSearchParams();
    if (filter.role === 'teacher' || filter.role === 'student') q.set('role', filter.role);
    if (status) q.set('status', status);
    if (rombelId) q.set('rombel_id', String(rombelId));
    void downloadFile(`/api/admin/imports/users/export?${q}`, 'data-user.xlsx').catch((err) => toastError(errorMessage(err)));
  };

  // The typed text, once typing pauses, becomes the applied search (from page 1).
  useEffect(() => {
    if (debounced !== applied) go(1, debounced, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // Back/forward to an entry with another search shows that search in the box.
  useEffect(() => {
    if (applied !== debounced) setSearch(applied);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);
  // A page past the end (the last row of the last page was deleted) moves to the last page.
  const lastPage = users.data?.meta.last_page;
  useEffect(() => {
    if (lastPage !== undefined && !users.isPlaceholderData && page > lastPage) go(lastPage, applied, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage, page, users.isPlaceholderData]);

  return {
    navigate,
    search,
    setSearch,
    applied,
    page,
    status,
    rombelId,
    users,
    actions,
    rombels,
    statusLabel,
    selected,
    setSelected,
    go,
    exportUsers,
  };
}

export type UsersPageState = ReturnType<typeof useUsersPage>;
