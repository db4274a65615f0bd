import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshAfterChange } from './refresh';

/**
 * A server of one list: a read takes what is stored when it arrives, and its answer comes back
 * when the test lets it (a slow network).
 */
function slowServer(rows: string[]) {
  const waiting: (() => void)[] = [];
  return {
    rows,
    reads: 0,
    read(this: { rows: string[]; reads: number }) {
      this.reads++;
      const seen = [...this.rows];
      return new Promise<string[]>((resolve) => waiting.push(() => resolve(seen)));
    },
    answerAll() {
      waiting.splice(0).forEach((answer) => answer());
    },
  };
}

const clients: QueryClient[] = [];
afterEach(() => clients.splice(0).forEach((qc) => qc.clear()));

/** A list on screen (an observer) whose first read is on its way. */
function listOnScreen(server: ReturnType<typeof slowServer>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(qc);
  const observer = new QueryObserver(qc, { queryKey: ['users', { q: 'andi' }], queryFn: () => server.read() });
  const unsubscribe = observer.subscribe(() => {});
  return { qc, observer, unsubscribe };
}

const settled = (observer: { getCurrentResult(): { isSuccess: boolean; isFetching: boolean; data?: string[] } }) =>
  new Promise<string[]>((resolve) => {
    const check = () => {
      const r = observer.getCurrentResult();
      if (r.isSuccess && !r.isFetching) resolve(r.data!);
      else setTimeout(check, 1);
    };
    check();
  });

describe('refreshAfterChange', () => {
  it('reads again a list whose first read left before the change, so the deleted row goes', async () => {
    const server = slowServer(['Andi', 'Andini']);
    const { qc, observer, unsubscribe } = listOnScreen(server);
    expect(server.reads).toBe(1);

    server.rows = ['Andini']; // the delete commits while the read is on its way
    const refreshed = refreshAfterChange(qc, ['users']);
    server.answerAll(); // the old read's answer arrives (and is dropped)
    await new Promise((r) => setTimeout(r, 0));
    server.answerAll(); // the new read's answer
    await refreshed;

    expect(server.reads).toBe(2);
    expect(await settled(observer)).toEqual(['Andini']);
    unsubscribe();
  });

  it('without it, a plain invalidation keeps the answer read before the change (why it exists)', async () => {
    const server = slowServer(['Andi', 'Andini']);
    const { qc, observer, unsubscribe } = listOnScreen(server);

    server.rows = ['Andini'];
    const invalidated = qc.invalidateQueries({ queryKey: ['users'] });
    server.answerAll();
    await invalidated;

    expect(server.reads).toBe(1);
    expect(await settled(observer)).toEqual(['Andi', 'Andini']);
    unsubscribe();
  });

  it('reads again a list that already had rows, once', async () => {
    const server = slowServer(['Andi', 'Andini']);
    const { qc, observer, unsubscribe } = listOnScreen(server);
    server.answerAll();
    await settled(observer);

    server.rows = ['Andini'];
    const refreshed = refreshAfterChange(qc, ['users']);
    await new Promise((r) => setTimeout(r, 0));
    server.answerAll();
    await refreshed;

    expect(server.reads).toBe(2);
    expect(await settled(observer)).toEqual(['Andini']);
    unsubscribe();
  });
});
