import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchLike } from 'eventsource';
import type { LiveEventName } from '@kelasku/contract';
import { LiveConnection, RETRY_FIRST_MS, type LiveHandlers, type LiveSource } from './connection';
import type { LiveTopic } from './topic';

/** A stand-in for the library's EventSource: the test opens, feeds and fails it. */
class FakeSource extends EventTarget implements LiveSource {
  readyState = 0;
  closed = false;
  constructor(
    readonly url: string,
    readonly fetch: FetchLike,
  ) {
    super();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  emit(name: LiveEventName, data: object, id: string) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data), lastEventId: id }));
  }
  /** The library gave up (an answer other than 200). */
  fail(code: number) {
    this.readyState = 2;
    this.dispatchEvent(Object.assign(new Event('error'), { code }));
  }
  /** A dropped connection: the library reconnects by itself. */
  drop() {
    this.readyState = 0;
    this.dispatchEvent(new Event('error'));
  }
}

const forum: LiveTopic = { forum: { classId: 1, lessonId: 2, forumId: 3 } };
const grading: LiveTopic = { assignment: { classId: 1, lessonId: 2, id: 9 } };

function setup(token: string | null = 'token-a') {
  const sources: FakeSource[] = [];
  const events: [LiveEventName, unknown, LiveTopic | null][] = [];
  const handlers = {
    onEvent: vi.fn<LiveHandlers['onEvent']>((name, data, topic) => void events.push([name, data, topic])),
    onOpen: vi.fn<LiveHandlers['onOpen']>(),
    onUnauthorized: vi.fn<LiveHandlers['onUnauthorized']>(),
  };
  const connection = new LiveConnection(
    handlers,
    () => token,
    (url, fetch) => {
      const s = new FakeSource(url, fetch);
      sources.push(s);
      return s;
    },
  );
  const last = () => sources[sources.length - 1]!;
  return { connection, sources, events, handlers, last };
}

describe('LiveConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token on every request of the stream', async () => {
    const fetch = vi.fn(async () => new Response(''));
    vi.stubGlobal('fetch', fetch);
    const { connection, last } = setup('token-a');
    connection.start();
    await last().fetch('/api/live', {
      headers: { Accept: 'text/event-stream' },
      mode: 'cors',
      cache: 'no-store',
      redirect: 'follow',
      signal: undefined,
    });
    expect(fetch).toHaveBeenCalledWith(
      '/api/live',
      expect.objectContaining({ headers: { Accept: 'text/event-stream', Authorization: 'Bearer token-a' } }),
    );
  });

  it('reopens once per new topic, resuming after the last id seen; events reach the handler once each', () => {
    const { connection, sources, events, handlers, last } = setup();
    connection.start();
    expect(last().url).toBe('/api/live');
    last().open();
    expect(handlers.onOpen).toHaveBeenLastCalledWith(null);
    last().emit('notification', { unread: 1 }, '41');
    last().emit('notification', { unread: 1 }, '41');

    // A page leaves and the next one asks for a thread in the same render: one reopen.
    connection.want(null);
    connection.want(forum);
    vi.runOnlyPendingTimers();
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
    expect(last().url).toBe('/api/live?class=1&content=2&forum=3&last_event_id=41');
    last().open();
    expect(handlers.onOpen).toHaveBeenLastCalledWith(forum);
    last().emit('forum', { forum_id: 3, comment_id: 5, action: 'created' }, '42');
    // The closed stream's late events are ignored.
    sources[0]!.emit('notification', { unread: 2 }, '43');
    expect(events).toEqual([
      ['notification', { unread: 1 }, null],
      ['forum', { forum_id: 3, comment_id: 5, action: 'created' }, forum],
    ]);

    // The same topic again, or leaving it, does not reopen.
    connection.want(forum);
    vi.runOnlyPendingTimers();
    connection.want(null);
    vi.runOnlyPendingTimers();
    expect(sources).toHaveLength(2);

    connection.want(grading);
    vi.runOnlyPendingTimers();
    expect(last().url).toBe('/api/live?class=1&content=2&assignment=9&last_event_id=42');
  });

  it('leaves a dropped connection to the library (it reconnects with Last-Event-ID)', () => {
    const { connection, sources, last } = setup();
    connection.start();
    last().open();
    last().drop();
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(1);
    expect(connection.waiting).toBe(false);
  });

  it('a 401 ends the session once and never reconnects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 401 })),
    );
    const { connection, sources, handlers, last } = setup('old-token');
    connection.start();
    await last().fetch('/api/live', {
      headers: { Accept: 'text/event-stream' },
      mode: 'cors',
      cache: 'no-store',
      redirect: 'follow',
      signal: undefined,
    });
    last().fail(401);
    vi.advanceTimersByTime(10 * 60_000);
    connection.want(forum);
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(1);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.onUnauthorized).toHaveBeenCalledWith('old-token');
  });

  it('a topic answered 404 (a deleted forum) is dropped: the bell keeps its stream', () => {
    const { connection, sources, last } = setup();
    connection.want(forum);
    connection.start();
    expect(last().url).toBe('/api/live?class=1&content=2&forum=3');
    last().fail(404);
    vi.advanceTimersByTime(RETRY_FIRST_MS);
    expect(last().url).toBe('/api/live');
    connection.want(forum);
    vi.runOnlyPendingTimers();
    expect(sources).toHaveLength(2);
  });

  it('other failures (a 502 while the server restarts) are tried again after a growing pause', () => {
    const { connection, sources, last } = setup();
    connection.start();
    last().fail(502);
    expect(connection.waiting).toBe(true);
    vi.advanceTimersByTime(RETRY_FIRST_MS - 1);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    last().fail(503);
    vi.advanceTimersByTime(2 * RETRY_FIRST_MS - 1);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    // Open again: the pause starts over.
    last().open();
    last().fail(502);
    vi.advanceTimersByTime(RETRY_FIRST_MS);
    expect(sources).toHaveLength(4);
  });

  it('stop closes the stream and cancels a waiting retry', () => {
    const { connection, sources, last } = setup();
    connection.start();
    last().fail(500);
    connection.stop();
    vi.advanceTimersByTime(120_000);
    expect(sources).toHaveLength(1);
    expect(last().closed).toBe(true);
  });
});

/** A server-sent-events answer from these lines (the stream ends after them). */
const sse = (text: string) => new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

describe('LiveConnection with the eventsource package', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resumes after a drop with Last-Event-ID and the token, without repeats', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const answers = [
      sse('retry: 5\n\nid: 7\nevent: notification\ndata: {"unread":1}\n\n'),
      sse('id: 8\nevent: read\ndata: {"unread":0}\n\n'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init: { headers: Record<string, string> }) => {
        requests.push({ url: String(url), headers: init.headers });
        return answers.shift() ?? new Promise<Response>(() => undefined);
      }),
    );
    const received: [string, unknown][] = [];
    const connection = new LiveConnection(
      { onEvent: (name, data) => void received.push([name, data]), onOpen: () => undefined, onUnauthorized: () => undefined },
      () => 'token-a',
    );
    connection.start();
    await vi.waitFor(() => expect(received).toHaveLength(2));
    connection.stop();
    expect(received).toEqual([
      ['notification', { unread: 1 }],
      ['read', { unread: 0 }],
    ]);
    expect(requests[0]!.headers.Authorization).toBe('Bearer token-a');
    expect(requests[1]!.headers['Last-Event-ID']).toBe('7');
    expect(requests[1]!.headers.Authorization).toBe('Bearer token-a');
    expect(connection.lastEventId).toBe('8');
  });

  it('a 401 is asked once: no loop', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const onUnauthorized = vi.fn();
    const connection = new LiveConnection({ onEvent: () => undefined, onOpen: () => undefined, onUnauthorized }, () => 'token-a');
    connection.start();
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledWith('token-a'));
    await new Promise((r) => setTimeout(r, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(connection.waiting).toBe(false);
  });
});
