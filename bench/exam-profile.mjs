/**
 * A profiler for the real server, loaded into it with NODE_OPTIONS="--import <this file>" (bench/exam-start.mjs
 * does so with EXAM_PROFILE=1): for every HTTP request, by route, the time in the server, the SQL
 * statements it ran (count and time, by statement), the wait for a pooled connection and the event
 * loop's delay. Written as JSON to EXAM_PROFILE_OUT when the server exits. Changes nothing the
 * server does: it only wraps pg's Client.query and Pool.connect and the HTTP server's request event.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

const als = new AsyncLocalStorage();
const routes = new Map();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const routeOf = (method, url) =>
  `${method} ${url
    .split('?')[0]
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/api\/(student|teacher)\/[a-z-]+\/:id\/contents\/:id\/quizzes\/:id/, '/api/$1/…/quizzes/:id')}`;
const statementOf = (text) => String(text).replace(/\s+/g, ' ').replace(/\$\d+/g, '?').slice(0, 160);

const origEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emit(event, req, res) {
  if (event !== 'request') return origEmit.apply(this, arguments);
  const store = { t0: performance.now(), statements: [], poolWait: 0, route: routeOf(req.method, req.url) };
  res.once('finish', () => {
    const ms = performance.now() - store.t0;
    let r = routes.get(store.route);
    if (!r) routes.set(store.route, (r = { requests: 0, ms: [], statements: 0, sqlMs: 0, poolWait: 0, byStatement: new Map() }));
    r.requests++;
    r.ms.push(ms);
    r.statements += store.statements.length;
    r.poolWait += store.poolWait;
    for (const s of store.statements) {
      r.sqlMs += s.ms;
      const b = r.byStatement.get(s.text) ?? { count: 0, ms: 0, max: 0 };
      b.count++;
      b.ms += s.ms;
      b.max = Math.max(b.max, s.ms);
      r.byStatement.set(s.text, b);
    }
  });
  return als.run(store, () => origEmit.apply(this, arguments));
};

const origQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, ...rest) {
  const store = als.getStore();
  if (!store) return origQuery.call(this, config, ...rest);
  const t0 = performance.now();
  const text = statementOf(typeof config === 'string' ? config : config?.text);
  const done = () => store.statements.push({ text, ms: performance.now() - t0 });
  // pg.Pool#query passes a callback; drizzle's transactions await the promise.
  const cb = rest.findIndex((a) => typeof a === 'function');
  if (cb >= 0) {
    const inner = rest[cb];
    rest[cb] = (...args) => {
      done();
      return inner(...args);
    };
    return origQuery.call(this, config, ...rest);
  }
  if (typeof config?.callback === 'function') {
    const inner = config.callback;
    config.callback = (...args) => {
      done();
      return inner(...args);
    };
    return origQuery.call(this, config, ...rest);
  }
  const out = origQuery.call(this, config, ...rest);
  if (out && typeof out.then === 'function') out.then(done, done);
  return out;
};

const origConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(cb) {
  const store = als.getStore();
  const t0 = performance.now();
  const add = () => store && (store.poolWait += performance.now() - t0);
  if (typeof cb === 'function')
    return origConnect.call(this, (...args) => {
      add();
      return cb(...args);
    });
  const p = origConnect.call(this);
  p.then(add, add);
  return p;
};

process.on('exit', () => {
  if (!process.env.EXAM_PROFILE_OUT) return;
  const pct = (l, p) => (l.length ? l[Math.min(l.length - 1, Math.ceil((p / 100) * l.length) - 1)] : 0);
  const out = {
    eventLoopDelayMs: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    routes: [...routes].map(([route, r]) => {
      const ms = r.ms.sort((a, b) => a - b);
      return {
        route,
        requests: r.requests,
        p50: pct(ms, 50),
        p95: pct(ms, 95),
        statementsPerRequest: r.statements / r.requests,
        sqlMsPerRequest: r.sqlMs / r.requests,
        poolWaitMsPerRequest: r.poolWait / r.requests,
        statements: [...r.byStatement]
          .map(([text, b]) => ({ text, perRequest: b.count / r.requests, avgMs: b.ms / b.count, maxMs: b.max }))
          .sort((a, b) => b.avgMs * b.perRequest - a.avgMs * a.perRequest),
      };
    }),
  };
  writeFileSync(process.env.EXAM_PROFILE_OUT, JSON.stringify(out, null, 2));
});
