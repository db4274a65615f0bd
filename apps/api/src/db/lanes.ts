import pg from 'pg';

/** One shared connection in pg's pipeline mode, with the send times of its statements in flight. */
interface Lane {
  ready: Promise<pg.PoolClient>;
  /** When each statement in flight was sent, oldest first (PostgreSQL answers them in order). */
  sent: number[];
}

/** A lane whose oldest statement has waited this long is passed over: something slow holds it. */
export const STALLED_MS = 20;

/**
 * The database handle's connections (issue 43, bench/FINDINGS.md eleventh round): a single
 * statement outside a transaction goes on one of a few shared connections in pg's pipeline mode
 * (`pipeline: true`), so the statements of a page and of the requests beside it travel together
 * and one PostgreSQL backend answers them without a round trip each. A transaction takes a
 * connection of the pool of its own, as before (drizzle calls `connect()` for it).
 *
 * A statement goes to the lane with the fewest statements in flight. A lane whose oldest statement
 * has waited longer than {@link STALLED_MS} (a slow report, a big export) is passed over, and when
 * every lane is, the statement runs on a pooled connection of its own: a slow statement delays only
 * those already queued behind it.
 */
export class LanePool {
  private readonly lanes: Array<Lane | null>;
  /** Statements that ran on a pooled connection because every lane was stalled (`/metrics`). */
  overflowed = 0;

  constructor(
    /** Transactions and the overflow of stalled lanes. */
    readonly pool: pg.Pool,
    /** Where the lanes come from and stay checked out: a pool of `pipeline: true` clients, one per lane. */
    readonly lanePool: pg.Pool,
  ) {
    this.lanes = Array.from({ length: lanePool.options.max }, () => null);
  }

  /** A connection of its own for a transaction. */
  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  private open(i: number): Lane {
    const lane: Lane = { ready: this.lanePool.connect(), sent: [] };
    const drop = () => {
      if (this.lanes[i] === lane) this.lanes[i] = null;
    };
    // A lost connection (the server restarts, an operator ends the backend) is given back to be
    // destroyed and replaced on next use; its statements in flight fail on their own.
    lane.ready.then((client) => {
      const lost = (err?: Error) => {
        if (this.lanes[i] !== lane) return;
        drop();
        client.release(err ?? true);
      };
      client.on('error', lost);
      client.on('end', () => lost());
    }, drop);
    this.lanes[i] = lane;
    return lane;
  }

  /** Statements sent on the lanes and not yet answered (`/metrics`). */
  inFlight(): number {
    return this.lanes.reduce((n, lane) => n + (lane?.sent.length ?? 0), 0);
  }

  /** The lane for the next statement, or null when every lane is stalled. */
  private pick(now: number): Lane | null {
    let best: Lane | null = null;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i] ?? this.open(i);
      if (lane.sent.length > 0 && now - lane.sent[0]! > STALLED_MS) continue;
      if (!best || lane.sent.length < best.sent.length) best = lane;
    }
    return best;
  }

  /** Runs one statement (drizzle's query config and values) on a lane, or on the pool when the lanes are stalled. */
  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const now = performance.now();
    const lane = this.pick(now);
    if (!lane) {
      this.overflowed++;
      return this.pool.query(config, values);
    }
    lane.sent.push(now);
    try {
      const client = await lane.ready;
      return await client.query(config, values);
    } finally {
      lane.sent.shift();
    }
  }

  /** Gives the lanes back and closes both pools. */
  async end(): Promise<void> {
    const open = this.lanes.filter((l): l is Lane => l !== null);
    this.lanes.fill(null);
    await Promise.all(
      open.map((l) =>
        l.ready.then(
          (c) => c.release(),
          () => {},
        ),
      ),
    );
    await Promise.all([this.lanePool.end(), this.pool.end()]);
  }
}
