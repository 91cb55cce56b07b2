import { chatTextWidthMax, socketTiming, textWidth } from '@site/contract';
import { ActionSheet, Button, DotLoading } from 'antd-mobile';
import { ExclamationCircleFill, GiftOutline, SmileOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { chatEmoji, chatText } from './chat-text.ts';
import { type GiftReceiver, GiftSheet } from './gift-sheet.tsx';
import { MessageList } from './message-list.tsx';
import { ShareBetSheet } from './share-bet-sheet.tsx';
import { type Chat, type Speech, useChat } from './use-chat.ts';
import './chat.css';

interface SpeakBlock {
  title: string;
  lines: string[];
}

/** Why the member cannot speak here now, with the reason and until when; undefined when they can. */
export function speakBlockOf(
  chat: Pick<Chat, 'room' | 'view' | 'speech'>,
  nowMs: number,
): SpeakBlock | undefined {
  const { room, view, speech } = chat;
  if (speech && isRestricted(speech, nowMs)) {
    const reason = speech.reason ? [chatText.reason(speech.reason)] : [];
    return speech.speechStatus === 2
      ? { title: chatText.bannedTitle, lines: [...reason, chatText.bannedHint] }
      : {
          title: chatText.mutedTitle,
          lines: [
            ...(speech.mutedUntil ? [chatText.mutedUntil(formatShanghaiTime(speech.mutedUntil))] : []),
            ...reason,
          ],
        };
  }
  if (room?.isMaintenance) {
    return { title: chatText.maintenanceTitle, lines: [view?.speakRefusal ?? chatText.roomMaintenance] };
  }
  if (view && !view.canSpeak) {
    return { title: chatText.readOnlyTitle, lines: view.speakRefusal ? [view.speakRefusal] : [] };
  }
  return undefined;
}

function isRestricted(speech: Speech, nowMs: number): boolean {
  if (speech.speechStatus === 2) {
    return true;
  }
  return speech.speechStatus === 1 && (speech.mutedUntil === null || Date.parse(speech.mutedUntil) > nowMs);
}

function ConnectionBar({ chat }: { chat: Chat }) {
  const { status, retryCount, isLoggedIn } = chat.state;
  if (status === 1 && isLoggedIn) {
    return null;
  }
  const isGivenUp = status === 0 && retryCount >= socketTiming.reconnectAttemptsMax;
  return (
    <div className="chat-connection" role="status">
      {isGivenUp ? (
        <>
          <span>{chatText.disconnected}</span>
          <Button size="small" color="primary" fill="outline" onClick={() => void chat.socket.connect()}>
            {chatText.reconnect}
          </Button>
        </>
      ) : (
        <span>
          <DotLoading color="primary" />{' '}
          {retryCount > 0
            ? chatText.reconnecting(retryCount, socketTiming.reconnectAttemptsMax)
            : chatText.connecting}
        </span>
      )}
    </div>
  );
}

function SafetyNotice({ notice }: { notice: string }) {
  const show = () =>
    void modal.alert({
      title: chatText.safetyTitle,
      content: notice,
      confirmText: chatText.safetyAcknowledge,
    });
  return (
    <button type="button" className="chat-safety" onClick={show}>
      <ExclamationCircleFill aria-hidden="true" className="chat-safety__icon" />
      <span className="chat-safety__text">{notice}</span>
    </button>
  );
}

function RoomTabs({ chat }: { chat: Chat }) {
  return (
    <div className="chat-rooms" role="tablist" aria-label={chatText.roomsLabel}>
      {chat.rooms.map((room) => (
        <button
          key={room.roomId}
          type="button"
          role="tab"
          className="chat-rooms__tab"
          aria-selected={room.roomId === chat.roomId}
          onClick={() => chat.chooseRoom(room.roomId)}
        >
          {room.name}
          {room.isMaintenance ? (
            <small className="chat-rooms__badge">{chatText.maintenanceTitle}</small>
          ) : null}
        </button>
      ))}
    </div>
  );
}

function Composer(props: { chat: Chat; onShareBet: () => void; onGift: () => void }) {
  const [text, setText] = useState('');
  const [isEmojiOpen, setIsEmojiOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) {
      return;
    }
    if (textWidth(content) > chatTextWidthMax) {
      showToast(chatText.tooLong(chatTextWidthMax));
      return;
    }
    if (!props.chat.sendText(content)) {
      showToast(chatText.notSent);
      return;
    }
    setText('');
    setIsEmojiOpen(false);
  };
  return (
    <form className="chat-composer" onSubmit={submit}>
      <div className="chat-composer__row">
        <button
          type="button"
          className="chat-icon-button"
          aria-label={chatText.emoji}
          aria-expanded={isEmojiOpen}
          aria-controls="chat-emoji-panel"
          onClick={() => setIsEmojiOpen((open) => !open)}
        >
          <SmileOutline />
        </button>
        <input
          className="chat-composer__input"
          aria-label={chatText.inputLabel}
          placeholder={chatText.inputPlaceholder}
          value={text}
          maxLength={chatTextWidthMax}
          enterKeyHint="send"
          onChange={(event) => setText(event.target.value)}
        />
        <Button
          type="submit"
          color="primary"
          shape="rounded"
          className="chat-composer__send"
          disabled={!text.trim()}
        >
          {chatText.send}
        </Button>
      </div>
      <div className="chat-composer__tools">
        <button type="button" className="chat-tool" onClick={props.onShareBet}>
          {chatText.shareBet}
        </button>
        <button type="button" className="chat-tool" onClick={props.onGift}>
          <GiftOutline aria-hidden="true" /> {chatText.gift}
        </button>
      </div>
      {isEmojiOpen ? (
        <fieldset id="chat-emoji-panel" className="chat-emoji" aria-label={chatText.emojiPanel}>
          {chatEmoji.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="chat-emoji__item"
              onClick={() => setText((value) => value + emoji)}
            >
              {emoji}
            </button>
          ))}
        </fieldset>
      ) : null}
    </form>
  );
}

/** The members who spoke in the loaded part of the room, newest first: whom a gift can go to. */
function receiversOf(chat: Chat, myMemberId: number | undefined): GiftReceiver[] {
  const seen = new Map<number, GiftReceiver>();
  for (const item of [...(chat.view?.items ?? [])].reverse()) {
    const memberId = item.kind === 'message' ? item.message.memberId : item.memberId;
    if (memberId !== null && memberId !== myMemberId && !seen.has(memberId)) {
      seen.set(memberId, {
        memberId,
        nickname: item.kind === 'message' ? item.message.nickname : item.nickname,
      });
    }
  }
  return [...seen.values()];
}

/**
 * 聊天室: the site's rooms as tabs, the 安全提示 warning, the room's messages, and the composer with
 * emoji, 晒单 and 礼物; a muted, banned or out-of-range member reads but sees why they cannot
 * speak instead of the composer.
 */
export function ChatPage() {
  const chat = useChat();
  const [sheet, setSheet] = useState<'share' | 'gift'>();
  const [receiver, setReceiver] = useState<GiftReceiver>();
  const loginData = chat.state.loginData;
  const myMemberId = loginData?.memberId;
  const block = speakBlockOf(chat, Date.now());
  const receivers = receiversOf(chat, myMemberId);

  const onMemberPress = (member: GiftReceiver) => {
    const isShielded = chat.shieldedIds.includes(member.memberId);
    const handler = ActionSheet.show({
      extra: chatText.memberActions(member.nickname),
      cancelText: messages.common.cancel,
      actions: [
        {
          key: 'gift',
          text: chatText.sendGiftTo,
          onClick: () => {
            handler.close();
            setReceiver(member);
            setSheet('gift');
          },
        },
        {
          key: 'shield',
          text: isShielded ? chatText.unshield : chatText.shield,
          danger: !isShielded,
          onClick: () => {
            handler.close();
            chat.setShield(member.memberId, !isShielded).then(
              () => showToast(isShielded ? chatText.unshielded : chatText.shielded),
              (error: unknown) => showToast(errorText(error)),
            );
          },
        },
      ],
    });
  };

  return (
    <div className="chat-page">
      <ConnectionBar chat={chat} />
      {chat.rooms.length > 0 ? <RoomTabs chat={chat} /> : null}
      {chat.view ? <SafetyNotice notice={chat.view.safetyNotice} /> : null}
      {chat.view?.hasMore ? (
        <button type="button" className="chat-older" onClick={() => void chat.loadOlder()}>
          {chatText.loadOlder}
        </button>
      ) : null}
      {chat.view && chat.view.items.length === 0 ? <p className="chat-empty">{chatText.emptyRoom}</p> : null}
      <MessageList
        items={chat.view?.items ?? []}
        myMemberId={myMemberId}
        vipMin={loginData?.vipMin ?? 0}
        vipMax={loginData?.vipMax ?? 0}
        shieldedIds={chat.shieldedIds}
        onMemberPress={onMemberPress}
      />
      {block ? (
        <section className="chat-blocked" aria-live="polite" aria-label={block.title}>
          <h2 className="chat-blocked__title">{block.title}</h2>
          {block.lines.map((line) => (
            <p key={line} className="chat-blocked__line">
              {line}
            </p>
          ))}
        </section>
      ) : (
        <Composer chat={chat} onShareBet={() => setSheet('share')} onGift={() => setSheet('gift')} />
      )}
      <ShareBetSheet
        visible={sheet === 'share'}
        onClose={() => setSheet(undefined)}
        onShare={(bet) => {
          setSheet(undefined);
          // The shared bet shows in the room when the server takes it; a refusal comes as a toast.
          if (!chat.shareBet(bet)) {
            showToast(chatText.notSent);
          }
        }}
      />
      {chat.roomId !== undefined && myMemberId !== undefined ? (
        <GiftSheet
          visible={sheet === 'gift'}
          onClose={() => setSheet(undefined)}
          socket={chat.socket}
          roomId={chat.roomId}
          myMemberId={myMemberId}
          receivers={receivers}
          receiver={receiver ?? receivers[0]}
          onReceiverChange={setReceiver}
        />
      ) : null}
    </div>
  );
}
