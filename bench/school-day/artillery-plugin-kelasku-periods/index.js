/**
 * An Artillery plugin (found through ARTILLERY_PLUGIN_PATH): appends every 10-second period's
 * metrics to the file SCHOOL_DAY_PERIODS as one line of JSON, and each phase's start, so the
 * benchmark can judge a load level while the test runs and stop it when a level fails.
 */
import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SCHOOL_DAY_PERIODS;

function write(record) {
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

export class Plugin {
  constructor(_script, events) {
    // Workers load plugins too; the main thread sees the periods of all workers together.
    if (!isMainThread) return;
    events.on('phaseStarted', (phase) => write({ phase: phase.name, at: Date.now() }));
    events.on('stats', (stats) => {
      const summaries = stats.summaries ?? {};
      write({
        period: Number(stats.period),
        at: Date.now(),
        counters: stats.counters ?? {},
        summaries: Object.fromEntries(
          Object.entries(summaries).map(([k, s]) => [k, { count: s.count, p50: s.median ?? s.p50, p95: s.p95, p99: s.p99, max: s.max }]),
        ),
      });
    });
  }
}

export const LEGACY_METRICS_FORMAT = false;
