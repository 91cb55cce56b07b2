import { betStatusNames } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DotLoading } from 'antd-mobile';
import { callRoute } from '../../lib/api-client.ts';
import { displayYuan } from '../../lib/money.tsx';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { chatText } from './chat-text.ts';

const recentBetsShown = 20;

/** 分享注单: the member's own recent bets (the bet records route), each shared with one tap. */
export function ShareBetSheet(props: {
  visible: boolean;
  onClose: () => void;
  onShare: (bet: { venueCode: string; betId: string }) => void;
}) {
  const bets = useQuery({
    queryKey: ['bets', 'records', 'chatShare'],
    queryFn: ({ signal }) => callRoute('betRecords', { pageNum: 1, pageSize: recentBetsShown }, { signal }),
    enabled: props.visible,
    refetchOnMount: 'always',
  });
  const list = bets.data?.list ?? [];
  return (
    <ResponsiveSheet visible={props.visible} onClose={props.onClose} title={chatText.shareTitle}>
      <div className="chat-sheet">
        {bets.isPending ? <DotLoading color="primary" /> : null}
        {!bets.isPending && list.length === 0 ? <SiteEmpty title={chatText.shareEmpty} /> : null}
        <ul className="chat-share-list">
          {list.map((bet) => (
            <li key={bet.betId} className="chat-share-item">
              <div className="chat-share-item__text">
                <p className="chat-share-item__title">
                  {bet.venueName} · {bet.gameCode}
                </p>
                <p className="chat-sheet__hint">
                  {formatShanghaiTime(bet.placedAt)} · {chatText.betStake} ¥{displayYuan(bet.stake)} ·{' '}
                  {betStatusNames[bet.status]}
                  {bet.status === 'pending'
                    ? null
                    : ` · ${chatText.betWinLoss} ${displayYuan(bet.winLoss, { sign: true })}`}
                </p>
              </div>
              <Button size="small" color="primary" fill="outline" onClick={() => props.onShare(bet)}>
                {chatText.shareAction}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </ResponsiveSheet>
  );
}
