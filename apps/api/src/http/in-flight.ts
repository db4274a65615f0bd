import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no route handler is running, those whose client left included (http/in-flight.ts). */
    handlersIdle(): Promise<void>;
  }
}

/**
 * Counts route handlers still running, whether or not their client is still connected. Closing
 * the server waits only for open connections: a handler whose client went away keeps running, and
 * closing the database under it failed its next statement ("Cannot use a pool after calling end
 * on the pool") and rolled back its work. Shutdown waits for {@link idle} before closing the
 * database (main.ts).
 */
export class InFlight {
  private running = 0;
  private waiters: Array<() => void> = [];

  /** Wraps every route registered after this call so its handler is counted until it settles. */
  install(app: FastifyInstance): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the wrapper below gets Fastify's instance as its own `this`
    const counter = this;
    app.addHook('onRoute', (route: RouteOptions) => {
      const handler = route.handler;
      // A plain function: Fastify calls a handler with its instance as `this`.
      route.handler = function (this: FastifyInstance, request, reply) {
        return counter.track(() => handler.call(this, request, reply));
      };
    });
  }

  track<T>(run: () => T): T {
    this.running++;
    let result: T;
    try {
      result = run();
    } catch (err) {
      this.done();
      throw err;
    }
    if (result instanceof Promise) return result.finally(() => this.done()) as T;
    this.done();
    return result;
  }

  /** Resolves once no handler is running (at once when none is). */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private done(): void {
    this.running--;
    if (this.running > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
