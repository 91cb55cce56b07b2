import { Button, DotLoading } from 'antd-mobile';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { lotteryText } from './lottery-text.ts';

export function LotteryLoading() {
  return (
    <div className="lottery-loading" role="status">
      <DotLoading color="primary" />
      <span>{lotteryText.loading}</span>
    </div>
  );
}

export function LotteryLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <SiteEmpty
      title={lotteryText.loadFailed}
      action={
        <Button color="primary" shape="rounded" onClick={onRetry}>
          {lotteryText.retry}
        </Button>
      }
    />
  );
}
