import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { CheckinState } from '@kelasku/contract';
import { checkinKeys, clockOffset, nextPollMs, toView } from '../../api/checkin';
import { applyLiveEvent } from '../../live/apply';
import { liveUrl, topicKey, type LiveTopic } from '../../live/topic';
import { parseTopicKey } from '../../live/useLiveTopic';

const ref = { classId: 4, meetingId: 77 };
const topic: LiveTopic = { meeting: ref };

const state = (over: Partial<CheckinState> = {}): CheckinState => ({
  meeting_id: 77,
  open: true,
  opens_at: '2026-12-01T00:00:00.000Z',
  closes_at: '2026-12-01T00:15:00.000Z',
  late_at: '2026-12-01T00:10:00.000Z',
  code: '482913',
  qr_text: '/presensi/masuk?m=77&c=482913',
  rotates_at: '2026-12-01T00:05:15.000Z',
  server_time: '2026-12-01T00:05:05.000Z',
  checked_in: 12,
  students: 36,
  ...over,
});

describe('the meeting topic of the live stream', () => {
  it('asks the stream for the meeting with its class, and survives the key round trip', () => {
    expect(liveUrl(topic, null)).toBe('/api/live?class=4&meeting=77');
    expect(liveUrl(topic, '9')).toBe('/api/live?class=4&meeting=77&last_event_id=9');
    expect(topicKey(topic)).toBe('meeting:4/77');
    expect(parseTopicKey(topicKey(topic))).toEqual(topic);
    expect(topicKey({ meeting: { classId: 4, meetingId: 78 } })).not.toBe(topicKey(topic));
  });

  it('an attendance event of the meeting refreshes its class list and its check-in count, another meeting’s does not', () => {
    const qc = new QueryClient();
    const other = { classId: 4, meetingId: 78 };
    for (const key of [checkinKeys.meeting(ref), checkinKeys.state(ref), checkinKeys.meeting(other)]) qc.setQueryData(key, { any: true });
    const stale = () =>
      [checkinKeys.meeting(ref), checkinKeys.state(ref), checkinKeys.meeting(other)]
        .filter((key) => qc.getQueryState(key)?.isInvalidated)
        .map((key) => key.join('/'));
    applyLiveEvent(qc, 'attendance', { meeting_id: 78, student_id: 5, status: 'H' }, topic);
    expect(stale()).toEqual([]);
    applyLiveEvent(qc, 'attendance', { meeting_id: 77, student_id: 5, status: 'H' }, topic);
    expect(stale()).toEqual(['teacher/classes/4/meetings/77', 'teacher/classes/4/meetings/77/checkin']);
  });
});

describe('the rotation clock', () => {
  it('corrects the countdown by the server’s clock', () => {
    // The device is 3 s behind the server: the rotation at 00:05:15 server time is at 00:05:12 here.
    const received = Date.parse('2026-12-01T00:05:02.000Z');
    expect(clockOffset('2026-12-01T00:05:05.000Z', received)).toBe(3000);
    const view = toView(state(), received);
    expect(view.rotatesLocal).toBe(Date.parse('2026-12-01T00:05:12.000Z'));
    // Asked again just after the rotation, on this device's clock.
    expect(nextPollMs(view, Date.parse('2026-12-01T00:05:02.000Z'))).toBe(10_300);
    expect(nextPollMs(view, Date.parse('2026-12-01T00:05:30.000Z'))).toBe(500);
  });

  it('a closed check-in is not polled', () => {
    const view = toView(state({ open: false, code: null, qr_text: null, rotates_at: null }), Date.now());
    expect(view.rotatesLocal).toBeNull();
    expect(nextPollMs(view, Date.now())).toBe(false);
    expect(nextPollMs(undefined, Date.now())).toBe(false);
  });
});
