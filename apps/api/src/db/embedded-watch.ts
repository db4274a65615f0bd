/**
 * The embedded server dying under a running app (an out-of-memory kill, a crash): every second
 * the app checks that the process named by the server's lock file still runs. While it does not,
 * {@link EmbeddedWatch.available} is false and `/api/health` answers 503. The process that started
 * the server (the single process, or the cluster's primary — exactly one) starts it again, with
 * back-off; when every attempt fails it gives up with one line, and the app exits 1 so that
 * systemd restarts it. The other processes (cluster workers) only watch.
 *
 * The pools need nothing: node-postgres drops a client whose connection broke (an idle one on its
 * `error` event, a busy one when it is released), and opens new ones on the restarted server.
 */

export interface WatchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EmbeddedWatch {
  /** False from the moment the server is found gone until it runs again. */
  available(): boolean;
  stop(): void;
}

/** How often the server's process is checked. */
export const CHECK_MS = 1_000;
/** Waits before each restart attempt: an attempt fails while the dead server's backends still hold its shared memory. */
export const RESTART_DELAYS_MS = [0, 1_000, 2_000, 4_000, 8_000];

export interface WatchOptions {
  running(): Promise<boolean>;
  /** Only in the process that owns the server. */
  restart?: () => Promise<void>;
  log: WatchLog;
  /** Called with one Indonesian line when the server cannot be started again. */
  giveUp?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export function watchEmbedded(opts: WatchOptions): EmbeddedWatch {
  let up = true;
  let busy = false;
  let stopped = false;
  let goneAt = 0;

  const restartLoop = async (restart: () => Promise<void>) => {
    let last: unknown;
    for (const [i, delay] of RESTART_DELAYS_MS.entries()) {
      await sleep(delay);
      if (stopped) return;
      try {
        // Started meanwhile by someone else (an operator's pg_ctl): nothing to do.
        if (!(await opts.running())) await restart();
        up = true;
        const ms = Date.now() - goneAt;
        opts.log.warn(
          { attempt: i + 1, downMs: ms },
          `the embedded PostgreSQL server had died (killed or crashed) and was started again after ${ms} ms (attempt ${i + 1})`,
        );
        return;
      } catch (err) {
        last = err;
      }
    }
    if (stopped) return;
    const why = ((last as Error)?.message ?? String(last)).replace(/\s+/g, ' ').slice(0, 300);
    opts.giveUp?.(
      `PostgreSQL tertanam berhenti dan tidak dapat dijalankan lagi setelah ${RESTART_DELAYS_MS.length} percobaan (${why}). Aplikasi berhenti agar systemd menjalankannya lagi.`,
    );
  };

  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      if (await opts.running()) {
        if (!up) opts.log.info({}, 'the embedded PostgreSQL server runs again');
        up = true;
        return;
      }
      if (up) {
        up = false;
        goneAt = Date.now();
        opts.log.error(
          {},
          opts.restart
            ? 'the embedded PostgreSQL server is gone (no process behind its lock file): starting it again'
            : 'the embedded PostgreSQL server is gone: /api/health answers 503 until it runs again',
        );
      }
      if (opts.restart) await restartLoop(opts.restart);
    } finally {
      busy = false;
    }
  };

  const timer = setInterval(() => void tick(), CHECK_MS);
  timer.unref();
  return {
    available: () => up,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
