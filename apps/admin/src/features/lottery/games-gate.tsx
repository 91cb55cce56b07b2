import { ProCard } from '@ant-design/pro-components';
import type { AdminLotteryGame } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Result, Skeleton } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { useSessionState } from '../../lib/use-session.ts';

/** The site's games, per site: another site has its own. */
export function useLotteryGames() {
  const { siteId } = useSessionState();
  return useQuery({
    queryKey: ['adminLotteryGames', siteId],
    queryFn: () => callRoute('adminLotteryGames'),
  });
}

/**
 * The draw, liability and ticket pages pick a game first: they wait for the site's games, show
 * why they cannot have them, and say so when the site has none.
 */
export function GamesGate(props: { children: (games: AdminLotteryGame[]) => React.ReactNode }) {
  const games = useLotteryGames();
  if (games.isPending) {
    return (
      <ProCard>
        <Skeleton active paragraph={{ rows: 6 }} />
      </ProCard>
    );
  }
  if (games.isError) {
    return (
      <Result
        status="error"
        title="彩种加载失败"
        subTitle={<span className="console-result-text">{errorText(games.error)}</span>}
        extra={
          <Button type="primary" onClick={() => void games.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (games.data.length === 0) {
    return (
      <ProCard>
        <Empty description="本站暂无彩种" />
      </ProCard>
    );
  }
  return <>{props.children(games.data)}</>;
}
