import { chatGifts, MsgId, uuidV4 } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-error.ts';
import { modal } from '../../lib/modal-store.ts';
import { displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import type { SocketClient } from '../../lib/socket.ts';
import { showToast } from '../../lib/toast.ts';
import { useWallet, walletQuery } from '../../lib/wallet.ts';
import { chatText } from './chat-text.ts';

export interface GiftReceiver {
  memberId: number;
  nickname: string;
}

type GiftCode = (typeof chatGifts)[number]['giftCode'];

/**
 * 赠送礼物: a gift from the catalogue to a member of the room. Gifts cost money, so the price is
 * confirmed first; the order id is made once per choice and kept across retries, so a retry after
 * a lost answer cannot pay twice (the server answers the first gift).
 */
export function GiftSheet(props: {
  visible: boolean;
  onClose: () => void;
  socket: SocketClient;
  roomId: number;
  myMemberId: number;
  receivers: readonly GiftReceiver[];
  receiver: GiftReceiver | undefined;
  onReceiverChange: (receiver: GiftReceiver) => void;
}) {
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const [giftCode, setGiftCode] = useState<GiftCode>(chatGifts[0].giftCode);
  const [order, setOrder] = useState<{ key: string; giftOrderId: string }>();
  const [isSending, setIsSending] = useState(false);
  const gift = chatGifts.find((candidate) => candidate.giftCode === giftCode) ?? chatGifts[0];
  const receiver = props.receiver;

  const send = async () => {
    if (!receiver) {
      return;
    }
    const isConfirmed = await modal.confirm({
      title: chatText.giftConfirmTitle,
      content: chatText.giftConfirm(gift.giftName, gift.price, receiver.nickname),
    });
    if (!isConfirmed) {
      return;
    }
    const key = `${props.roomId}:${gift.giftCode}:${receiver.memberId}`;
    const giftOrderId = order?.key === key ? order.giftOrderId : uuidV4();
    setOrder({ key, giftOrderId });
    setIsSending(true);
    try {
      await props.socket.request(
        MsgId.gift,
        {
          roomId: props.roomId,
          giftCode: gift.giftCode,
          toMemberId: receiver.memberId,
          price: gift.price,
          giftOrderId,
        },
        (inbound) =>
          !inbound.isOk ||
          (inbound.data.kind === 'gift' &&
            inbound.data.memberId === props.myMemberId &&
            inbound.data.gift.toMemberId === receiver.memberId &&
            inbound.data.gift.giftCode === gift.giftCode),
      );
      setOrder(undefined);
      showToast(chatText.giftSent);
      props.onClose();
    } catch (error) {
      showToast(errorText(error));
    } finally {
      setIsSending(false);
      void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
    }
  };

  return (
    <ResponsiveSheet visible={props.visible} onClose={props.onClose} title={chatText.giftTitle}>
      <div className="chat-sheet">
        <fieldset className="chat-sheet__group">
          <legend>{chatText.giftReceiver}</legend>
          {props.receivers.length === 0 ? (
            <p className="chat-sheet__hint">{chatText.giftNoReceiver}</p>
          ) : (
            <div className="chat-chips">
              {props.receivers.map((candidate) => (
                <button
                  key={candidate.memberId}
                  type="button"
                  className="chat-chip"
                  aria-pressed={candidate.memberId === receiver?.memberId}
                  onClick={() => props.onReceiverChange(candidate)}
                >
                  {candidate.nickname}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="chat-sheet__group">
          <legend>{chatText.giftChoose}</legend>
          <div className="chat-gifts">
            {chatGifts.map((candidate) => (
              <button
                key={candidate.giftCode}
                type="button"
                className="chat-gift"
                aria-pressed={candidate.giftCode === giftCode}
                onClick={() => setGiftCode(candidate.giftCode)}
              >
                <span className="chat-gift__name">{candidate.giftName}</span>
                <span className="chat-gift__price">{chatText.giftPrice(candidate.price)}</span>
              </button>
            ))}
          </div>
        </fieldset>
        <div className="chat-sheet__footer">
          {wallet.data ? (
            <p className="chat-sheet__hint">{chatText.giftBalance(displayYuan(wallet.data.mainBalance))}</p>
          ) : null}
          <Link to={paths.giftRecord} className="chat-sheet__link">
            {chatText.giftRecordTitle}
            <RightOutline aria-hidden="true" />
          </Link>
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={isSending}
          disabled={!receiver}
          onClick={() => void send()}
        >
          {chatText.giftSend} {chatText.giftPrice(gift.price)}
        </Button>
      </div>
    </ResponsiveSheet>
  );
}
