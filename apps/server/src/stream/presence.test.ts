import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryPubSub } from '../stores/pubsub.ts';
import { createPresence } from './presence.ts';

const pubsub = createMemoryPubSub();
const heartbeatMs = 100;
const closers: Array<() => Promise<void>> = [];

async function node(localCounts: Record<string, number>) {
  const presence = await createPresence({
    pubsub,
    sharedPrefixes: ['room:'],
    localCount: (topic) => localCounts[topic] ?? 0,
    heartbeatMs,
  });
  closers.push(presence.close);
  return presence;
}

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('presence', () => {
  it('adds the other nodes’ subscribers of shared topics, never of the others', async () => {
    const countsA: Record<string, number> = { 'room:1': 2, 'member:7': 1 };
    const countsB: Record<string, number> = { 'room:1': 3, 'member:7': 1 };
    const a = await node(countsA);
    const b = await node(countsB);
    for (const topic of Object.keys(countsA)) {
      a.changed(topic);
      b.changed(topic);
    }
    await vi.waitFor(() => expect(a.count('room:1')).toBe(5));
    expect(b.count('room:1')).toBe(5);
    expect(a.count('member:7')).toBe(1);
    countsB['room:1'] = 0;
    b.changed('room:1');
    await vi.waitFor(() => expect(a.count('room:1')).toBe(2));
  });

  it('forgets a node that said goodbye, and one that stopped beating', async () => {
    const a = await node({ 'room:1': 1 });
    const leaving = await node({ 'room:1': 4 });
    leaving.changed('room:1');
    await vi.waitFor(() => expect(a.count('room:1')).toBe(5));
    await leaving.close();
    expect(a.count('room:1')).toBe(1);

    const silentCounts = { 'room:1': 6 };
    const silent = await createPresence({
      pubsub,
      sharedPrefixes: ['room:'],
      localCount: (topic) => silentCounts[topic as 'room:1'] ?? 0,
      heartbeatMs: 60_000,
    });
    closers.push(silent.close);
    silent.changed('room:1');
    await vi.waitFor(() => expect(a.count('room:1')).toBe(7));
    // Three of the listener's heartbeats pass without a word from the silent node (its own beat is a minute).
    await vi.waitFor(() => expect(a.count('room:1')).toBe(1), { timeout: 2_000 });
  });
});
