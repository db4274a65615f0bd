import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { onSessionEnd, onSessionStart, type SessionEndKind } from './session-events';

/**
 * Drafts: what a user has typed into a form and not sent yet, kept in localStorage so that an
 * ended session, a page left by accident or a closed tab loses nothing. One draft per user and
 * form, under `kelasku:draft:<userId>:<form key>`, the form key being the route path and the
 * form's name. Never a password or a file: only plain values, and no field named like a password.
 */
const PREFIX = 'kelasku:draft:';

/** How long after the last keystroke a draft is written. */
export const DRAFT_SAVE_MS = 400;
/** A draft older than this is dropped when read. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The note over a form that opened with a draft. */
export const DRAFT_RESTORED = 'Draf yang belum terkirim dipulihkan.';

export type DraftValue = string | number | boolean | null;
export type DraftValues = Record<string, DraftValue>;

/** The form key: the route path and the form's name ("/my-classes/3/contents/5/forums/7#komentar"). */
export const formKey = (path: string, name: string) => `${path}#${name}`;
/** The localStorage key of one user's draft of one form. */
export const draftKey = (userId: number, form: string) => `${PREFIX}${userId}:${form}`;

// Off between an explicit logout and the next login, so nothing written late (a form closing as the page goes) survives the logout.
let writable = true;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

const isDraftValue = (v: unknown): v is DraftValue => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The values a draft may hold: plain values only (no File, no list), and no password field. */
export function draftable(values: Record<string, unknown>): DraftValues {
  const out: DraftValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (!/password/i.test(name) && isDraftValue(value)) out[name] = value;
  }
  return out;
}

/** What to keep of a form: its draftable values when any differs from what the form opened with, else null. */
export function draftOf(values: Record<string, unknown>, initial: Record<string, unknown>): DraftValues | null {
  const kept = draftable(values);
  const start = draftable(initial);
  return Object.keys(kept).some((name) => kept[name] !== start[name]) ? kept : null;
}

/** The form's values with a draft laid over them: only fields the form has, each with a value of the same kind. */
export function withDraft<V extends Record<string, unknown>>(initial: V, draft: DraftValues): V {
  const out: Record<string, unknown> = { ...initial };
  for (const [name, value] of Object.entries(draft)) {
    if (!(name in initial)) continue;
    const was = initial[name];
    if (was === null || value === null || typeof was === typeof value) out[name] = value;
  }
  return out as V;
}

/** The values of a stored draft's text, or null (unreadable, or older than DRAFT_MAX_AGE_MS). */
export function parseDraft(raw: string, now = Date.now()): DraftValues | null {
  try {
    const parsed = JSON.parse(raw) as { at?: unknown; values?: unknown };
    const values = parsed.values;
    if (typeof parsed.at === 'number' && now - parsed.at <= DRAFT_MAX_AGE_MS && values && typeof values === 'object') {
      return draftable(values as Record<string, unknown>);
    }
  } catch {
    // an unreadable draft counts as none
  }
  return null;
}

/** The stored draft under `key`, or null (none, unreadable, or too old — which is then removed). */
export function readDraft(key: string, now = Date.now()): DraftValues | null {
  const raw = localStorage.getItem(key);
  if (!raw) return null;
  const values = parseDraft(raw, now);
  if (!values) removeDraft(key);
  return values;
}

/** Stores a draft (null removes it). A full storage loses the draft, never the form. */
export function writeDraft(key: string, values: DraftValues | null, now = Date.now()) {
  if (!writable) return;
  if (values === null) return removeDraft(key);
  try {
    localStorage.setItem(key, JSON.stringify({ at: now, values }));
  } catch {
    return;
  }
  changed();
}

export function removeDraft(key: string) {
  if (localStorage.getItem(key) === null) return;
  localStorage.removeItem(key);
  changed();
}

const storedDraftKeys = () =>
  Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => !!k?.startsWith(PREFIX));

/** At login: another user's drafts on this browser are removed; this user's stay. */
export function keepDraftsOf(userId: number) {
  writable = true;
  const own = `${PREFIX}${userId}:`;
  storedDraftKeys()
    .filter((k) => !k.startsWith(own))
    .forEach(removeDraft);
}

/** At logout: every draft is removed, and none is written until the next login (a shared lab computer). */
export function discardAllDrafts() {
  storedDraftKeys().forEach(removeDraft);
  writable = false;
}

/** A session that ends without a logout keeps the drafts for the next login. */
const draftsAtEnd = (kind: SessionEndKind) => {
  if (kind === 'logout') discardAllDrafts();
};

/** Drafts follow the session (lib/session-events.ts): at login only the user's own stay, at logout none does. */
export function subscribeDraftsToSession() {
  onSessionStart(keepDraftsOf);
  onSessionEnd(draftsAtEnd);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The stored draft under `key` (null: none), kept current as drafts are written and removed. */
export function useStoredDraft(key: string | null): DraftValues | null {
  const raw = useSyncExternalStore(subscribe, () => (key ? localStorage.getItem(key) : null));
  return useMemo(() => (raw ? parseDraft(raw) : null), [raw]);
}

/**
 * Writes a form's draft a moment after the last change (`save`), at once when the page is hidden
 * or the form goes away (an ended session, a route left) or on `flush`; `discard` removes it
 * (sent, or cancelled on purpose). `save(key, null)` removes the draft once the form is back as it opened.
 */
export function useDraft() {
  const pending = useRef<{ key: string; values: DraftValues | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next) writeDraft(next.key, next.values);
  }, []);
  const save = useCallback(
    (key: string, values: DraftValues | null) => {
      pending.current = { key, values };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_SAVE_MS);
    },
    [flush],
  );
  const discard = useCallback((key: string) => {
    clearTimeout(timer.current);
    pending.current = null;
    removeDraft(key);
  }, []);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);
  return { save, flush, discard };
}

/**
 * The draft of a form on a page of its own (the user form, the profile): restored when the page
 * opens (`restored` says so), written while the user types (`onInput` on the form marks that), and
 * removed by `discard` (sent, or Batal).
 */
export function usePageDraft<V extends Record<string, unknown>>(
  form: { values: V; setValues: (values: V) => void },
  name: string,
  initial: V,
  userId: number | undefined,
) {
  const drafts = useDraft();
  const [key] = useState(() => (userId ? draftKey(userId, formKey(window.location.pathname, name)) : null));
  const [restored, setRestored] = useState(false);
  const typed = useRef(false);
  useEffect(() => {
    const saved = key ? readDraft(key) : null;
    if (!saved) return;
    form.setValues(withDraft(initial, saved));
    setRestored(true);
    typed.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    if (key && typed.current) drafts.save(key, draftOf(form.values, initial));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.values]);
  return {
    restored,
    onInput: () => void (typed.current = true),
    discard: () => {
      if (key) drafts.discard(key);
    },
  };
}
