import { formatCountdown, type SalePhase } from './issue-clock.ts';
import { lotteryText } from './lottery-text.ts';

/** 距封盘 00:42 / 已封盘 距开奖 00:03 / 暂停销售 / 等待下期开售, as the phase says. */
export function SaleClock({ phase }: { phase: SalePhase }) {
  switch (phase.kind) {
    case 'open':
      return (
        <span className="sale-clock sale-clock--open">
          {lotteryText.closesIn}{' '}
          <strong className="sale-clock__time">{formatCountdown(phase.closesInSeconds)}</strong>
        </span>
      );
    case 'closing':
      return (
        <span className="sale-clock sale-clock--closing">
          {lotteryText.closing} · {lotteryText.drawsIn}{' '}
          <strong className="sale-clock__time">{formatCountdown(phase.drawsInSeconds)}</strong>
        </span>
      );
    case 'paused':
      return <span className="sale-clock sale-clock--paused">{lotteryText.paused}</span>;
    case 'waiting':
      return <span className="sale-clock sale-clock--waiting">{lotteryText.waiting}</span>;
    default:
      return phase satisfies never;
  }
}
