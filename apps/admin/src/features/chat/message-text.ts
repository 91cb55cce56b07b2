import { betStatusNames, type ChatMessage } from '@site/contract';

export const messageKindEnum = {
  text: { text: '文字' },
  bet: { text: '晒单' },
  gift: { text: '礼物' },
  score: { text: '比分' },
} satisfies Record<ChatMessage['kind'], { text: string }>;

/** A message as one line of the log (and of its CSV). */
export function messageText(message: ChatMessage): string {
  switch (message.kind) {
    case 'text':
      return message.content;
    case 'bet':
      return `${message.bet.venueName} ${message.bet.gameName} ${message.bet.betContent} 投注 ${message.bet.amount} ${betStatusNames[message.bet.status]}`;
    case 'gift':
      return `送给 ${message.gift.toNickname} ${message.gift.giftName} ¥${message.gift.price}`;
    case 'score':
      return `${message.score.matchName} ${message.score.homeTeam} ${message.score.homeScore}:${message.score.awayScore} ${message.score.awayTeam}`;
    default:
      return message satisfies never;
  }
}
