import {
  type ChatMessage,
  type ChatRefusalReason,
  type ChatRoom,
  MsgId,
  type SpeechStatus,
} from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorText } from '../../lib/api-error.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { type Inbound, type InboundData, type SocketClient, sharedSocket } from '../../lib/socket.ts';
import { showToast } from '../../lib/toast.ts';
import { speechBlockingReasons } from './chat-text.ts';

/** A line of the room: a message, or someone entering (10008, shown to this page only). */
export type ChatItem =
  | { key: string; kind: 'message'; message: ChatMessage }
  | { key: string; kind: 'join'; memberId: number; nickname: string; vipLevel: number };

export interface RoomView {
  roomId: number;
  items: ChatItem[];
  hasMore: boolean;
  safetyNotice: string;
  canSpeak: boolean;
  speakRefusal: string | null;
}

export interface Speech {
  speechStatus: SpeechStatus;
  mutedUntil: string | null;
  reason: string;
}

const olderPageSize = 30;

const messageItem = (message: ChatMessage): ChatItem => ({
  key: `m${message.messageId}`,
  kind: 'message',
  message,
});

/** History comes newest first; the room reads oldest first. */
const chronological = (list: readonly ChatMessage[]) => [...list].reverse().map(messageItem);

function byRoomOrder(rooms: readonly ChatRoom[]): ChatRoom[] {
  return [...rooms].sort((a, b) => a.sort - b.sort || a.roomId - b.roomId);
}

function refusalReasonOf(error: unknown): ChatRefusalReason | undefined {
  const data = (error as { data?: { reason?: ChatRefusalReason } } | null)?.data;
  return data?.reason;
}

/** Adds a room's new message unless it is already there (a replayed gift, a repeated broadcast). */
function withMessage(view: RoomView | undefined, message: ChatMessage): RoomView | undefined {
  if (view?.roomId !== message.roomId) {
    return view;
  }
  if (view.items.some((item) => item.kind === 'message' && item.message.messageId === message.messageId)) {
    return view;
  }
  return { ...view, items: [...view.items, messageItem(message)] };
}

function useSocketState(socket: SocketClient) {
  return useSyncExternalStore(socket.subscribeState, socket.getState, socket.getState);
}

/**
 * The chat room over the shared socket: the site's rooms, the one shown (joined again after every
 * reconnect, since a closed socket forgets its room), its messages as they arrive, the member's
 * speech status and shield list, and what the console changes live (mute, maintenance, withdrawn
 * messages).
 */
export function useChat() {
  const socket = sharedSocket(useQueryClient());
  const state = useSocketState(socket);
  const isSignedIn = useIsSignedIn();
  const [rooms, setRooms] = useState<ChatRoom[]>([]);
  const [chosenRoomId, setChosenRoomId] = useState<number>();
  const [view, setView] = useState<RoomView>();
  const [speech, setSpeech] = useState<Speech>();
  const [shieldedIds, setShieldedIds] = useState<readonly number[]>([]);
  /** The room last asked for: an answer for another one is stale. */
  const wantedRoom = useRef<number | undefined>(undefined);
  const pendingJoin = useRef<number | undefined>(undefined);
  const roomId = chosenRoomId ?? rooms[0]?.roomId;

  useEffect(() => {
    void socket.connect();
    // The socket outlives the page (it carries the live feeds too); the room's broadcasts do not.
    return () => {
      const joined = socket.getState().roomId;
      if (joined !== undefined) {
        socket.leaveRoom(joined);
      }
    };
  }, [socket]);
  useEffect(() => {
    if (isSignedIn) {
      void socket.login();
    }
  }, [socket, isSignedIn]);

  useEffect(() => {
    if (state.loginData) {
      setSpeech({
        speechStatus: state.loginData.speechStatus,
        mutedUntil: state.loginData.mutedUntil,
        reason: '',
      });
      setShieldedIds(state.loginData.shieldedMemberIds);
    }
  }, [state.loginData]);

  useEffect(() => {
    if (!state.isLoggedIn) {
      return;
    }
    socket.request(MsgId.roomStatus, {}).then(
      (data) => setRooms(byRoomOrder(data.rooms)),
      (error: unknown) => showToast(errorText(error)),
    );
  }, [socket, state.isLoggedIn]);

  const join = useCallback(
    async (id: number) => {
      wantedRoom.current = id;
      pendingJoin.current = id;
      try {
        const joined = await socket.joinRoom(id);
        if (wantedRoom.current !== id) {
          return;
        }
        setView((current) => ({
          roomId: id,
          // A refresh of the room keeps what arrived since; a new room starts from its history.
          items: current?.roomId === id ? current.items : chronological(joined.history),
          hasMore: current?.roomId === id ? current.hasMore : joined.history.length > 0,
          safetyNotice: joined.safetyNotice,
          canSpeak: joined.canSpeak,
          speakRefusal: joined.speakRefusal,
        }));
        setRooms((current) => current.map((room) => (room.roomId === id ? joined.room : room)));
      } catch (error) {
        showToast(errorText(error));
      } finally {
        if (pendingJoin.current === id) {
          pendingJoin.current = undefined;
        }
      }
    },
    [socket],
  );

  // Enter the chosen room once logged in, and again whenever the socket lost it (a closed socket
  // forgets its room; the reconnected one logs in and lands here).
  useEffect(() => {
    if (
      !state.isLoggedIn ||
      roomId === undefined ||
      state.roomId === roomId ||
      pendingJoin.current === roomId
    ) {
      return;
    }
    if (state.roomId !== undefined) {
      socket.leaveRoom(state.roomId);
    }
    void join(roomId);
  }, [socket, join, state.isLoggedIn, state.roomId, roomId]);

  const refreshRoom = useCallback(() => {
    const current = socket.getState().roomId;
    if (current !== undefined) {
      void join(current);
    }
  }, [socket, join]);

  useEffect(() => {
    const onMessage = (
      inbound: Inbound<typeof MsgId.broadcastRoom | typeof MsgId.shareBetRecord | typeof MsgId.score>,
    ) => {
      if (inbound.isOk) {
        setView((current) => withMessage(current, inbound.data));
        return;
      }
      showToast(inbound.error.message);
      const reason = refusalReasonOf(inbound.error);
      if (reason && speechBlockingReasons.has(reason)) {
        refreshRoom();
      }
    };
    const onGift = (inbound: Inbound<typeof MsgId.gift>) => {
      // Refusals of a gift are the gift sheet's to show.
      if (inbound.isOk) {
        setView((current) => withMessage(current, inbound.data));
      }
    };
    const onJoin = (inbound: Inbound<typeof MsgId.broadcastJoin>) => {
      if (!inbound.isOk || inbound.data.memberId === socket.getState().loginData?.memberId) {
        return;
      }
      const { roomId: joinedRoom, ...who } = inbound.data;
      setView((current) =>
        current?.roomId === joinedRoom
          ? {
              ...current,
              items: [...current.items, { key: `j${Date.now()}-${who.memberId}`, kind: 'join', ...who }],
            }
          : current,
      );
    };
    const onShield = (inbound: Inbound<typeof MsgId.msgShield>) => {
      if (!inbound.isOk) {
        showToast(inbound.error.message);
        return;
      }
      const data = inbound.data;
      if (data.kind === 'member') {
        setShieldedIds(data.shieldedMemberIds);
        return;
      }
      setView((current) =>
        current?.roomId === data.roomId
          ? {
              ...current,
              items: current.items.filter(
                (item) => item.kind !== 'message' || item.message.messageId !== data.messageId,
              ),
            }
          : current,
      );
    };
    const onSpeech = (inbound: Inbound<typeof MsgId.speechStatus>) => {
      if (inbound.isOk) {
        setSpeech(inbound.data);
        refreshRoom();
      }
    };
    const onRooms = (inbound: Inbound<typeof MsgId.roomStatus>) => {
      if (!inbound.isOk) {
        return;
      }
      const changed = new Map(inbound.data.rooms.map((room) => [room.roomId, room]));
      setRooms((current) => {
        const kept = current.map((room) => changed.get(room.roomId) ?? room);
        const added = inbound.data.rooms.filter(
          (room) => !current.some((known) => known.roomId === room.roomId),
        );
        return byRoomOrder([...kept, ...added]);
      });
      if (changed.has(socket.getState().roomId ?? -1)) {
        refreshRoom();
      }
    };
    const onAllMaintain = (inbound: Inbound<typeof MsgId.allRoomMaintain>) => {
      if (inbound.isOk) {
        showToast(inbound.data.message);
        refreshRoom();
      }
    };
    const stops = [
      socket.subscribe(MsgId.broadcastRoom, onMessage),
      socket.subscribe(MsgId.shareBetRecord, onMessage),
      socket.subscribe(MsgId.score, onMessage),
      socket.subscribe(MsgId.gift, onGift),
      socket.subscribe(MsgId.broadcastJoin, onJoin),
      socket.subscribe(MsgId.msgShield, onShield),
      socket.subscribe(MsgId.speechStatus, onSpeech),
      socket.subscribe(MsgId.roomStatus, onRooms),
      socket.subscribe(MsgId.allRoomMaintain, onAllMaintain),
    ];
    return () => {
      for (const stop of stops) {
        stop();
      }
    };
  }, [socket, refreshRoom]);

  const loadOlder = useCallback(async () => {
    const oldest = view?.items.find((item) => item.kind === 'message');
    if (!view || oldest?.kind !== 'message') {
      return;
    }
    try {
      const older = await socket.request(MsgId.chatHistory, {
        roomId: view.roomId,
        beforeId: oldest.message.messageId,
        limit: olderPageSize,
      });
      setView((current) =>
        current?.roomId === older.roomId
          ? { ...current, items: [...chronological(older.list), ...current.items], hasMore: older.hasMore }
          : current,
      );
    } catch (error) {
      showToast(errorText(error));
    }
  }, [socket, view]);

  return {
    socket,
    state,
    rooms,
    roomId,
    room: rooms.find((room) => room.roomId === roomId),
    chooseRoom: setChosenRoomId,
    view,
    speech,
    shieldedIds,
    loadOlder,
    /** 10003: false when the socket is not open (nothing was sent). */
    sendText: (content: string) =>
      roomId !== undefined && socket.send(MsgId.broadcastRoom, { roomId, content }),
    shareBet: (bet: { venueCode: string; betId: string }) =>
      roomId !== undefined &&
      socket.send(MsgId.shareBetRecord, { roomId, venueCode: bet.venueCode, betId: bet.betId }),
    async setShield(memberId: number, isShielded: boolean): Promise<InboundData[typeof MsgId.msgShield]> {
      return socket.request(
        MsgId.msgShield,
        { memberId, isShielded },
        (inbound) => !inbound.isOk || inbound.data.kind === 'member',
      );
    },
  };
}

export type Chat = ReturnType<typeof useChat>;
