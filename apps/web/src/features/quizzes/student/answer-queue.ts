/**
 * Every answer of a quiz attempt is saved on the server as it is given (`PUT …/answers/:questionId`).
 * Until the server has it, the answer is also kept in localStorage (one key per attempt and question),
 * so a dropped connection, a reload or a closed tab loses nothing: the answers kept here are sent
 * again, with growing pauses, and at once when the browser is back online.
 */

/** Where an answer stands: waiting for the typing to stop, on its way, on the server, waiting for a connection, or refused. */
export type SaveState = 'pending' | 'saving' | 'saved' | 'unsent' | 'failed';

export interface SaveStatus {
  state: SaveState;
  /** Why the server refused it (state 'failed'). */
  error?: string;
}

const PREFIX = 'kelasku:quiz-answer:';
/** An answer kept this long without reaching the server is dropped (its attempt is long over). */
export const UNSENT_MAX_AGE_MS = 14 * 24 * 3600 * 1000;

/** The localStorage key of an unsent answer. */
export const unsentKey = (attemptId: number, questionId: number) => `${PREFIX}${attemptId}:${questionId}`;

interface StoredAnswer {
  at: number;
  answer: unknown;
}

/** Keeps an answer on this device until the server has it. A full storage keeps only the answer on screen. */
export function keepUnsent(attemptId: number, questionId: number, answer: unknown, now: number = Date.now()) {
  try {
    localStorage.setItem(unsentKey(attemptId, questionId), JSON.stringify({ at: now, answer } satisfies StoredAnswer));
  } catch {
    // storage full or off: the answer is still sent while the page is open
  }
}

export function dropUnsent(attemptId: number, questionId: number) {
  localStorage.removeItem(unsentKey(attemptId, questionId));
}

const storedKeys = (prefix: string) =>
  Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => !!k?.startsWith(prefix));

/** The answers of an attempt kept on this device and not yet on the server, by question id. */
export function readUnsent(attemptId: number, now: number = Date.now()): Map<number, unknown> {
  const out = new Map<number, unknown>();
  const prefix = `${PREFIX}${attemptId}:`;
  for (const key of storedKeys(prefix)) {
    const questionId = Number(key.slice(prefix.length));
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? '') as Partial<StoredAnswer>;
      if (Number.isInteger(questionId) && typeof stored.at === 'number' && now - stored.at <= UNSENT_MAX_AGE_MS && 'answer' in stored) {
        out.set(questionId, stored.answer);
        continue;
      }
    } catch {
      // unreadable: dropped below
    }
    localStorage.removeItem(key);
  }
  return out;
}

/** Forgets every kept answer of an attempt (it is finished: what the server had is what counts). */
export function dropAttempt(attemptId: number) {
  storedKeys(`${PREFIX}${attemptId}:`).forEach((k) => localStorage.removeItem(k));
}

/** The pause before the n-th retry (n ≥ 1): 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** Statuses worth sending again: no connection, a timeout, too many requests, a server in trouble. */
const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;
/** The session ended (401) or must change its password (403): kept, sent again after the next login. */
const waitForLogin = (status: number) => status === 401 || status === 403;

const statusOf = (err: unknown) => {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : 0;
};
const messageOf = (err: unknown) => (err instanceof Error ? err.message : 'Jawaban tidak dapat disimpan.');

export interface SaverOptions {
  attemptId: number;
  /** Saves one answer on the server; throws an error with `status` (0: no connection) when it could not. */
  send: (questionId: number, answer: unknown) => Promise<unknown>;
  /** Whether the browser believes it is online (navigator.onLine). */
  isOnline?: () => boolean;
  /** The server answered 409: the attempt is closed (time over, or finished elsewhere). Nothing more is sent. */
  onClosed?: (err: unknown) => void;
  /** The server refused an answer for good (400/404/422): it is not sent again. */
  onRejected?: (questionId: number, message: string) => void;
}

interface Entry {
  answer: unknown;
  /** Bumped by every new answer; `savedVersion` is the one the server has. */
  version: number;
  savedVersion: number;
  inFlight: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  failures: number;
  status: SaveStatus;
}

/**
 * Sends the answers of one attempt: one request at a time per question (the last answer wins on the
 * server, so they must arrive in order), a newer answer replacing one that waits, each answer kept in
 * localStorage until the server confirms it. Subscribe for the per-question state (useSyncExternalStore).
 */
export class AnswerSaver {
  private readonly entries = new Map<number, Entry>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadonlyMap<number, SaveStatus> = new Map();
  private closed = false;
  /** The server answered 409: the attempt is over (time, or handed in elsewhere). Subscribers hear of it. */
  closedByServer = false;
  private readonly isOnline: () => boolean;

  constructor(private readonly opts: SaverOptions) {
    this.isOnline = opts.isOnline ?? (() => true);
  }

  /** A new answer: kept on this device at once, sent after `delayMs` (the typing pause; 0 for a tap). */
  set(questionId: number, answer: unknown, delayMs = 0): void {
    if (this.closed) return;
    const e = this.entry(questionId);
    e.answer = answer;
    e.version += 1;
    e.failures = 0;
    keepUnsent(this.opts.attemptId, questionId, answer);
    e.status = { state: this.isOnline() ? 'pending' : 'unsent' };
    this.schedule(questionId, e, delayMs);
    this.emit();
  }

  /** Answers kept on this device by an earlier visit (readUnsent): sent now. */
  resume(unsent: ReadonlyMap<number, unknown>): void {
    if (this.closed) return;
    for (const [questionId, answer] of unsent) {
      const e = this.entry(questionId);
      e.answer = answer;
      e.version += 1;
      e.status = { state: 'unsent' };
      this.schedule(questionId, e, 0);
    }
    if (unsent.size > 0) this.emit();
  }

  /** Sends every waiting answer now (the connection is back). */
  retry(): void {
    for (const [questionId, e] of this.entries) {
      if (e.savedVersion !== e.version && !e.inFlight && e.status.state !== 'failed') this.schedule(questionId, e, 0);
    }
  }

  /** Sends every waiting answer now and resolves once none is on its way (before "Kumpulkan", or when the time is over). */
  async flush(): Promise<void> {
    for (let round = 0; round < 5; round++) {
      for (const [questionId, e] of this.entries) {
        if (e.savedVersion !== e.version && e.status.state !== 'failed' && !e.inFlight) {
          clearTimeout(e.timer);
          e.timer = undefined;
          void this.push(questionId);
        }
      }
      const flying = [...this.entries.values()].map((e) => e.inFlight).filter((p): p is Promise<void> => p !== null);
      if (flying.length === 0) return;
      await Promise.allSettled(flying);
    }
  }

  /** Questions whose last answer is not on the server yet (waiting, on its way, or unsent). */
  unsent(): number[] {
    return [...this.entries]
      .filter(([, e]) => e.savedVersion !== e.version && e.status.state !== 'failed')
      .map(([questionId]) => questionId);
  }

  /** Stops for good: the attempt is closed (what stays kept locally is dropped by the caller). */
  close(): void {
    this.closed = true;
    this.stop();
  }

  /** Stops the timers (the page goes); kept answers stay in localStorage for the next visit. */
  stop(): void {
    for (const e of this.entries.values()) clearTimeout(e.timer);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The state of each question answered on this page (a question missing from it was not touched here). */
  getSnapshot = (): ReadonlyMap<number, SaveStatus> => this.snapshot;

  private entry(questionId: number): Entry {
    let e = this.entries.get(questionId);
    if (!e) {
      e = { answer: undefined, version: 0, savedVersion: 0, inFlight: null, timer: undefined, failures: 0, status: { state: 'saved' } };
      this.entries.set(questionId, e);
    }
    return e;
  }

  private schedule(questionId: number, e: Entry, delayMs: number) {
    clearTimeout(e.timer);
    e.timer = setTimeout(() => {
      e.timer = undefined;
      void this.push(questionId);
    }, delayMs);
  }

  private emit() {
    this.snapshot = new Map([...this.entries].map(([id, e]) => [id, e.status]));
    this.listeners.forEach((l) => l());
  }

  /** Sends the question's latest answer unless one is already on its way (that one sends the newer answer when it ends). */
  private push(questionId: number): Promise<void> | void {
    const e = this.entries.get(questionId);
    if (!e || this.closed || e.inFlight || e.savedVersion === e.version) return;
    if (!this.isOnline()) {
      // Offline: the 'online' event calls retry(); a slow retry too, in case the browser's flag lags.
      e.status = { state: 'unsent' };
      e.failures += 1;
      this.schedule(questionId, e, retryDelay(e.failures));
      this.emit();
      return;
    }
    const version = e.version;
    e.status = { state: 'saving' };
    e.inFlight = this.opts.send(questionId, e.answer).then(
      () => this.sent(questionId, e, version),
      (err: unknown) => this.failed(questionId, e, version, err),
    );
    this.emit();
    return e.inFlight;
  }

  private sent(questionId: number, e: Entry, version: number) {
    e.inFlight = null;
    e.failures = 0;
    e.savedVersion = Math.max(e.savedVersion, version);
    if (e.version === version) {
      dropUnsent(this.opts.attemptId, questionId);
      e.status = { state: 'saved' };
    } else if (!e.timer) {
      // A newer answer came while this one was on its way, and its pause is over: send it now.
      void this.push(questionId);
      return;
    }
    this.emit();
  }

  private failed(questionId: number, e: Entry, version: number, err: unknown) {
    e.inFlight = null;
    const status = statusOf(err);
    if (status === 409) {
      this.closedByServer = true;
      this.close();
      e.status = { state: 'unsent' };
      this.emit();
      this.opts.onClosed?.(err);
      return;
    }
    if (retryable(status)) {
      e.failures += 1;
      e.status = { state: 'unsent' };
      if (!e.timer) this.schedule(questionId, e, e.version === version ? retryDelay(e.failures) : 0);
    } else if (waitForLogin(status)) {
      e.status = { state: 'unsent' };
    } else if (e.version === version) {
      // Refused for good (an answer the server does not take): not sent again.
      dropUnsent(this.opts.attemptId, questionId);
      e.status = { state: 'failed', error: messageOf(err) };
      this.opts.onRejected?.(questionId, messageOf(err));
    } else if (!e.timer) {
      void this.push(questionId);
      return;
    }
    this.emit();
  }
}
