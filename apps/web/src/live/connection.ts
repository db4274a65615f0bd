import { EventSource, type FetchLike } from 'eventsource';
import { LIVE_EVENTS, type LiveEventName } from '@kelasku/contract';
import { liveUrl, topicKey, type LiveTopic } from './topic';

/** What LiveConnection needs of an EventSource (the `eventsource` package's, or a test's stand-in). */
export interface LiveSource {
  readonly readyState: number;
  close(): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

/** Opens a source on `url` whose requests go through `fetch` (which adds the bearer token). */
export type OpenSource = (url: string, fetch: FetchLike) => LiveSource;

export interface LiveHandlers {
  /** An event of the stream, its `data` parsed; `topic` is the one the stream carries. */
  onEvent(name: LiveEventName, data: unknown, topic: LiveTopic | null): void;
  /** The stream has (re)opened: what happened while it was closed must be fetched again. */
  onOpen(topic: LiveTopic | null): void;
  /** The server refused the token (401): the session has ended; the connection has stopped. */
  onUnauthorized(sentToken: string | null): void;
}

const CLOSED = 2;
/** After a failure the library does not retry (an answer other than 200: a 502 while the server restarts), wait this long, doubling up to the maximum. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 60_000;

const openEventSource: OpenSource = (url, fetch) => new EventSource(url, { fetch });

/**
 * The tab's one live stream (`GET /api/live`, server-sent events). The `eventsource` package
 * connects with the bearer token (its `fetch` option), reconnects by itself after a drop (every 2 s,
 * the server's `retry`) and then sends `Last-Event-ID`, so the server sends what was missed, once.
 *
 * A page that wants a topic (`want`) gets the stream reopened with it and `last_event_id` = the last
 * id seen here: again nothing is lost or repeated. A page that leaves does not reopen it (the old
 * topic's events only mark queries stale). An answer the library gives up on: a 401 ends the session
 * and stops for good (never a loop); a 404 of a topic (a deleted forum) reopens without it; anything
 * else is tried again after a growing pause.
 */
export class LiveConnection {
  private source: LiveSource | null = null;
  /** The topic the open stream carries. */
  private topic: LiveTopic | null = null;
  /** The topic the page on screen wants. */
  private wanted: LiveTopic | null = null;
  /** A topic the server answered 404: not asked for again. */
  private refused = '';
  private lastId: string | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private applyTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly handlers: LiveHandlers,
    private readonly readToken: () => string | null,
    private readonly openSource: OpenSource = openEventSource,
  ) {}

  /** Opens the stream (with the wanted topic, if a page has already asked). */
  start(): void {
    this.open(this.usable(this.wanted));
  }

  /** The page on screen wants `topic` (null: none). Applied once the current render has settled. */
  want(topic: LiveTopic | null): void {
    this.wanted = topic;
    clearTimeout(this.applyTimer);
    this.applyTimer = setTimeout(() => this.applyWanted(), 0);
  }

  /** Reopens now, e.g. after the token changed in another tab, or when the browser is back online after a failure. */
  restart(): void {
    if (this.stopped) return;
    this.open(this.usable(this.wanted) ?? this.usable(this.topic));
  }

  /** Whether a retry after a failure is waiting. */
  get waiting(): boolean {
    return this.retryTimer !== undefined;
  }

  /** Closes the stream for good. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.applyTimer);
    this.clearRetry();
    this.source?.close();
    this.source = null;
  }

  /** The id of the last event received (sent as `last_event_id` when the stream is reopened). */
  get lastEventId(): string | null {
    return this.lastId;
  }

  private usable(topic: LiveTopic | null): LiveTopic | null {
    return topic && topicKey(topic) !== this.refused ? topic : null;
  }

  private applyWanted(): void {
    const next = this.usable(this.wanted);
    if (this.stopped || !next || topicKey(next) === topicKey(this.topic)) return;
    this.open(next);
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private open(topic: LiveTopic | null): void {
    if (this.stopped) return;
    this.clearRetry();
    this.source?.close();
    this.topic = topic;
    let sentToken: string | null = null;
    const fetchWithToken: FetchLike = (url, init) => {
      sentToken = this.readToken();
      return fetch(url, { ...init, headers: { ...init.headers, ...(sentToken ? { Authorization: `Bearer ${sentToken}` } : {}) } });
    };
    const source = this.openSource(liveUrl(topic, this.lastId), fetchWithToken);
    this.source = source;
    const current = () => this.source === source && !this.stopped;
    source.addEventListener('open', () => {
      if (!current()) return;
      this.failures = 0;
      this.handlers.onOpen(topic);
    });
    for (const name of LIVE_EVENTS) {
      source.addEventListener(name, (event) => {
        if (current()) this.receive(name, event as MessageEvent<string>, topic);
      });
    }
    source.addEventListener('error', (event) => {
      // While CONNECTING the library is reconnecting by itself (a dropped connection).
      if (!current() || source.readyState !== CLOSED) return;
      const code = (event as Event & { code?: number }).code;
      if (code === 401) {
        this.stop();
        this.handlers.onUnauthorized(sentToken);
        return;
      }
      if (code === 404 && topic) this.refused = topicKey(topic);
      const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.failures);
      this.failures += 1;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        this.open(this.usable(this.wanted) ?? this.usable(topic));
      }, delay);
    });
  }

  private receive(name: LiveEventName, event: MessageEvent<string>, topic: LiveTopic | null): void {
    const id = event.lastEventId;
    if (id) {
      // Ids grow: one at or below the last seen was delivered already.
      if (this.lastId !== null && /^\d+$/.test(id) && /^\d+$/.test(this.lastId) && Number(id) <= Number(this.lastId)) return;
      this.lastId = id;
    }
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    this.handlers.onEvent(name, data, topic);
  }
}
