import { MsgId, socketCloseCodes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authClient, homeOf, registered } from '../session/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { loggedInSocket, type TestSocket } from './test-support.ts';

/**
 * Two nodes on one database and one pub/sub: PGlite and the in-process pub/sub here, PostgreSQL
 * and Redis in the server-external project (TEST_STORES=external).
 */
let nodeA: TestApp;
let nodeB: TestApp;
let urlA: string;
let urlB: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  nodeA = await createTestApp();
  // The second node shares the first one's stores; only the first closes them.
  nodeB = await createTestApp({
    clock: nodeA.clock,
    stores: { ...nodeA.stores, close: async () => undefined },
  });
  urlA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await nodeB.close();
  await nodeA.close();
});

async function memberOn(url: string, node: TestApp, username: string) {
  const client = authClient(node);
  const { token, member } = await registered(client, username);
  const { socket } = await loggedInSocket(url, client, { token, device: homeOf(username).device });
  sockets.push(socket);
  return { socket, memberId: member.memberId, client };
}

describe('two nodes', () => {
  it('delivers a message sent on one node to members on the other', async () => {
    const [hall] = await nodeA.services.chat.rooms(9001);
    const roomId = hall?.roomId ?? 0;
    const onA = await memberOn(urlA, nodeA, 'nodes0001');
    const onB = await memberOn(urlB, nodeB, 'nodes0002');
    expect((await onA.socket.request(MsgId.joinRoom, { roomId })).code).toBe(6000);
    expect((await onB.socket.request(MsgId.joinRoom, { roomId })).code).toBe(6000);
    const since = onB.socket.frames.length;
    onA.socket.send(MsgId.broadcastRoom, { roomId, content: '从节点A发出' });
    const heard = await onB.socket.next(MsgId.broadcastRoom, () => true, since);
    expect(heard.msgData).toMatchObject({ memberId: onA.memberId, content: '从节点A发出' });
    expect(nodeA.services.gateway.connectionCount()).toBeGreaterThan(0);
    expect(nodeB.services.gateway.connectionCount()).toBeGreaterThan(0);
    // Each node counts the room's members on both nodes once they have told each other.
    for (const node of [nodeA, nodeB]) {
      await vi.waitFor(async () => {
        const [room] = await node.services.chat.admin.rooms(9001);
        expect(room?.onlineCount).toBe(2);
      }, 3_000);
    }
    expect(nodeB.services.gateway.subscriberCount(`member:${onA.memberId}`)).toBe(0);
    expect((await onB.socket.request(MsgId.leaveRoom, { roomId })).code).toBe(6000);
    await vi.waitFor(async () => {
      const [room] = await nodeA.services.chat.admin.rooms(9001);
      expect(room?.onlineCount).toBe(1);
    }, 3_000);
  });

  it('closes, on the other node, the socket of a member who logs in again on one node (6001)', async () => {
    const onB = await memberOn(urlB, nodeB, 'nodes0003');
    const again = await authClient(nodeA).login('nodes0003');
    expect(again.code).toBe(6000);
    expect((await onB.socket.next(MsgId.login, (frame) => frame.code === 6001, 0)).code).toBe(6001);
    expect((await onB.socket.closed).code).toBe(socketCloseCodes.sessionEnded);
  });
});
