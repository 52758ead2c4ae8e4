import { describe, expect, it } from 'vitest';
import { liveChangeSchema } from './api/live-change.ts';
import { LIVE_EVENT_KINDS, readLiveChange } from './live-events.ts';

/** readLiveChange answers as liveChangeSchema does: the web reads frames with it, the schema is the contract. */
describe('readLiveChange', () => {
  const frames: unknown[] = [
    null,
    'task',
    42,
    [],
    {},
    { type: 'task', id: '1' },
    { type: 'task', id: 1, project: '2' },
    { type: 'nope', id: '1', project: '2' },
    { type: 'task', id: '1', project: '2', extra: true },
    { type: 'editing', id: '1', project: '2' },
    { type: 'editing', id: '1', project: '2', user: 3 },
    ...LIVE_EVENT_KINDS.map((type) => ({ type, id: '5', project: '6', user: '7' })),
    ...LIVE_EVENT_KINDS.map((type) => ({ type, id: '5', project: '6' })),
  ];
  it.each(frames.map((frame) => [JSON.stringify(frame), frame]))('%s', (_name, frame) => {
    const parsed = liveChangeSchema.safeParse(frame);
    expect(readLiveChange(frame)).toEqual(parsed.success ? parsed.data : null);
  });
});
