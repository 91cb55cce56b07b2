import { betStatusNames, type ChatMessage } from '@site/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { displayYuan } from '../../lib/money.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { chatText } from './chat-text.ts';
import type { ChatItem } from './use-chat.ts';

/** Badge tiers 0-4 across the site's VIP span (login data's vipMin..vipMax), for the badge colour. */
export function vipTier(level: number, vipMin: number, vipMax: number): number {
  if (vipMax <= vipMin || level <= vipMin) {
    return 0;
  }
  return Math.min(4, Math.ceil(((level - vipMin) / (vipMax - vipMin)) * 4));
}

export function VipBadge(props: { level: number; vipMin: number; vipMax: number }) {
  return (
    <span className={`chat-vip chat-vip--tier-${vipTier(props.level, props.vipMin, props.vipMax)}`}>
      {chatText.vip(props.level)}
    </span>
  );
}

function MessageBody({ message }: { message: ChatMessage }) {
  switch (message.kind) {
    case 'text':
      return <p className="chat-bubble__text">{message.content}</p>;
    case 'bet': {
      const { bet } = message;
      return (
        <div className="chat-bet">
          <p className="chat-bet__title">
            {bet.venueName} · {bet.gameName}
          </p>
          <p className="chat-bet__content">{bet.betContent}</p>
          <p className="chat-bet__figures">
            <span>
              {chatText.betStake} ¥{displayYuan(bet.amount)}
            </span>
            {bet.payout === null ? null : (
              <span>
                {chatText.betPayout} ¥{displayYuan(bet.payout)}
              </span>
            )}
            <span className={`chat-bet__status chat-bet__status--${bet.status}`}>
              {betStatusNames[bet.status]}
            </span>
          </p>
        </div>
      );
    }
    case 'gift':
      return (
        <p className="chat-bubble__gift">
          <span aria-hidden="true">🎁 </span>
          {chatText.giftMessage(message.gift.giftName, message.gift.toNickname)}
          <span className="chat-bubble__price"> {chatText.giftPrice(message.gift.price)}</span>
        </p>
      );
    case 'score':
      return (
        <p className="chat-bubble__score">
          <span>{message.score.matchName}</span>{' '}
          <strong>
            {message.score.homeTeam} {message.score.homeScore} : {message.score.awayScore}{' '}
            {message.score.awayTeam}
          </strong>
        </p>
      );
    default:
      return message satisfies never;
  }
}

export interface MessageListProps {
  items: readonly ChatItem[];
  myMemberId: number | undefined;
  vipMin: number;
  vipMax: number;
  /** Messages of these members are hidden (the member's own shield list). */
  shieldedIds: readonly number[];
  onMemberPress: (member: { memberId: number; nickname: string }) => void;
}

const nearBottomPx = 120;

/**
 * The room's lines, virtualised: only the rows in view (and a few around them) are in the DOM,
 * so a room open all evening stays light. It follows new messages while the reader is at the
 * bottom, and leaves the scroll alone while they read older ones.
 */
export function MessageList(props: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = props.items.filter(
    (item) =>
      item.kind !== 'message' ||
      item.message.memberId === null ||
      !props.shieldedIds.includes(item.message.memberId),
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    overscan: 8,
    getItemKey: (index) => items[index]?.key ?? index,
    // jsdom and the first paint have no layout yet: assume a phone's message area.
    initialRect: { width: 390, height: 600 },
  });
  const lastKey = items.at(-1)?.key;
  const wasAtBottom = useRef(true);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) {
      return;
    }
    const onScroll = () => {
      wasAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (lastKey !== undefined && wasAtBottom.current) {
      virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
    }
  }, [lastKey, items.length, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="chat-messages"
      role="log"
      aria-label={chatText.messagesLabel}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, and keyboard users need to reach it to scroll it
      tabIndex={0}
    >
      <div className="chat-messages__spacer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) {
            return null;
          }
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="chat-messages__row"
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {item.kind === 'join' ? (
                <p className="chat-join">{chatText.joined(item.nickname)}</p>
              ) : (
                <MessageRow
                  message={item.message}
                  isMine={item.message.memberId === props.myMemberId}
                  vipMin={props.vipMin}
                  vipMax={props.vipMax}
                  onMemberPress={props.onMemberPress}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function MessageRow(props: {
  message: ChatMessage;
  isMine: boolean;
  vipMin: number;
  vipMax: number;
  onMemberPress: MessageListProps['onMemberPress'];
}) {
  const { message } = props;
  const memberId = message.memberId;
  const time = formatShanghaiTime(message.createdAt).slice(-8, -3);
  return (
    <article
      className={`chat-message${props.isMine ? ' chat-message--mine' : ''}${memberId === null ? ' chat-message--system' : ''}`}
      data-testid="chat-message"
    >
      <header className="chat-message__meta">
        {memberId === null ? (
          <span className="chat-message__name">{chatText.system}</span>
        ) : (
          <>
            <VipBadge level={message.vipLevel} vipMin={props.vipMin} vipMax={props.vipMax} />
            {props.isMine ? (
              <span className="chat-message__name">{chatText.mine}</span>
            ) : (
              <button
                type="button"
                className="chat-message__name chat-message__name--button"
                aria-label={chatText.memberActions(message.nickname)}
                onClick={() => props.onMemberPress({ memberId, nickname: message.nickname })}
              >
                {message.nickname}
              </button>
            )}
          </>
        )}
        <time className="chat-message__time" dateTime={message.createdAt}>
          {time}
        </time>
      </header>
      <div className="chat-bubble">
        <MessageBody message={message} />
      </div>
    </article>
  );
}
