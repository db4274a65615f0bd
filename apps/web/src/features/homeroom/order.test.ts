import { describe, expect, it } from 'vitest';
import { leaveRequest as request } from '../../test/leave-request';
import { homeroomOrder } from './order';

describe('homeroomOrder', () => {
  it('orders pending requests first, the longest waiting on top, then the decided ones newest first', () => {
    const list = [request(1, { status: 'approved' }), request(2), request(3, { status: 'refused' }), request(4)];
    expect(homeroomOrder(list).map((r) => r.id)).toEqual([2, 4, 3, 1]);
  });
});
