import { FeedMsgId } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { openTestSocket, type TestSocket } from './test-support.ts';

let testApp: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await testApp.close();
});

async function follower(topic: string) {
  const socket = await openTestSocket(baseUrl);
  sockets.push(socket);
  expect((await socket.request(FeedMsgId.subscribe, { topics: [topic] })).code).toBe(6000);
  return socket;
}

describe('broadcast writes', () => {
  it('frames each broadcast once for every socket, at every length a frame header can announce', async () => {
    const topic = 'odds:7001';
    const readers = [await follower(topic), await follower(topic)];
    // Multi-byte text: the header counts UTF-8 bytes, not characters. The three sizes need the
    // 7-bit, the 16-bit and the 64-bit payload length.
    for (const text of ['赔', '赔'.repeat(1_000), '赔'.repeat(30_000)]) {
      await testApp.services.gateway.publish(topic, FeedMsgId.odds, { topic, data: { text } });
      for (const reader of readers) {
        const heard = await reader.next(
          FeedMsgId.odds,
          (frame) => (frame.msgData as { data: { text: string } }).data.text === text,
        );
        expect(heard.code).toBe(6000);
      }
    }
    for (const reader of readers) {
      expect(reader.frames.filter((frame) => frame.msgId === FeedMsgId.odds)).toHaveLength(3);
    }
  });

  it('drops a socket that stops reading once its unsent bytes pass the bound, and serves the others', async () => {
    const topic = 'odds:7002';
    const stalled = await follower(topic);
    const reading = await follower(topic);
    stalled.socket.pause();
    const filler = 'x'.repeat(2 * 1024 * 1024);
    let published = 0;
    // Each flush writes 2 MB; once the kernel's buffers are full, the node queues the rest itself
    // until it passes the bound (1 MB) and the next flush drops the socket.
    await vi.waitFor(
      async () => {
        published += 1;
        await testApp.services.gateway.publish(topic, FeedMsgId.odds, { topic, data: { published, filler } });
        expect(testApp.services.gateway.subscriberCount(topic)).toBe(1);
      },
      { timeout: 20_000, interval: 100 },
    );
    stalled.socket.resume();
    expect((await stalled.closed).code).toBe(1006);
    const last = await reading.next(
      FeedMsgId.odds,
      (frame) => (frame.msgData as { data: { published: number } }).data.published === published,
      0,
    );
    expect(last.code).toBe(6000);
  });
});
