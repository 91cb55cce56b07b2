import { FeedMsgId } from '@site/contract';

type Frame = { msgId: number; msgData: Record<string, unknown> };

/**
 * The server end of the page's socket in unit tests: it opens at once, confirms feed subscriptions
 * as the gateway does, records what the page sent and pushes feed events on demand.
 */
export class FakeFeedSocket {
  static latest: FakeFeedSocket | undefined;
  readyState: WebSocket['readyState'] = 0;
  onopen: WebSocket['onopen'] = null;
  onclose: WebSocket['onclose'] = null;
  onerror: WebSocket['onerror'] = null;
  onmessage: WebSocket['onmessage'] = null;
  readonly sent: Frame[] = [];

  constructor(readonly url: string) {
    FakeFeedSocket.latest = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.call(this as never, new Event('open'));
    }, 0);
  }
  send(data: string): void {
    const frame = JSON.parse(data) as Frame;
    this.sent.push(frame);
    if (frame.msgId === FeedMsgId.subscribe || frame.msgId === FeedMsgId.unsubscribe) {
      this.push(frame.msgId, frame.msgData);
    }
  }
  close(): void {
    this.readyState = 3;
  }
  push(msgId: number, msgData: unknown): void {
    setTimeout(() => {
      const data = JSON.stringify({ msgId, code: 6000, message: '成功', msgData });
      this.onmessage?.call(this as never, new MessageEvent('message', { data }));
    }, 0);
  }
  /** The topics the page holds now, by what it subscribed and unsubscribed. */
  topics(): string[] {
    const held = new Set<string>();
    for (const frame of this.sent) {
      const topics = (frame.msgData.topics ?? []) as string[];
      for (const topic of topics) {
        if (frame.msgId === FeedMsgId.subscribe) {
          held.add(topic);
        } else if (frame.msgId === FeedMsgId.unsubscribe) {
          held.delete(topic);
        }
      }
    }
    return [...held].sort();
  }
}
