import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { examKeys } from '../../../api/exams';
import { applyLiveEvent } from '../../../live/apply';
import { liveUrl, topicKey } from '../../../live/topic';
import { parseTopicKey } from '../../../live/useLiveTopic';

const r = { classId: 3, lessonId: 7, id: 11 };

describe('the proctor board on the live stream', () => {
  it('asks for the quiz of its class and content, and keeps the topic through its key', () => {
    expect(liveUrl({ exam: r }, null)).toBe('/api/live?class=3&content=7&quiz=11');
    expect(parseTopicKey(topicKey({ exam: r }))).toEqual({ exam: r });
  });

  it('refreshes the board (and an open leave log) on an `exam` event of its quiz only', () => {
    const qc = new QueryClient();
    qc.setQueryData(examKeys.board(r), { rows: [] });
    qc.setQueryData(examKeys.leaves(r, 5), []);
    applyLiveEvent(qc, 'exam', { quiz_id: 99, student_id: 5 }, { exam: r });
    expect(qc.getQueryState(examKeys.board(r))?.isInvalidated).toBe(false);
    applyLiveEvent(qc, 'exam', { quiz_id: 11, student_id: 5 }, { exam: r });
    expect(qc.getQueryState(examKeys.board(r))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(examKeys.leaves(r, 5))?.isInvalidated).toBe(true);
  });
});
