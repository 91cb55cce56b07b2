import { type GameCategory, uuidV4 } from '@site/contract';
import { Button } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MemberOnly } from '../../app/member-only.tsx';
import { callRoute } from '../../lib/api-client.ts';
import { displayYuan } from '../../lib/money.tsx';
import { RecallButton } from '../../lib/recall-button.tsx';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { useVenueList } from '../../lib/venue-list.ts';
import { useRefreshMoney, useWallet } from '../../lib/wallet.ts';
import { gameText } from './game-messages.ts';
import { categoryPath, venueOfFrame } from './venues.ts';

/** Only web addresses open in the frame: never `javascript:` or `data:` from a crafted link. */
export function frameSource(raw: string | null, origin: string): string | undefined {
  if (!raw) {
    return undefined;
  }
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function TransferBar({ venueCode }: { venueCode: string }) {
  const { data: wallet } = useWallet();
  const balance = wallet?.venues.find((entry) => entry.venueCode === venueCode)?.balance;
  return (
    <div className="venue-frame__wallet">
      <span>
        {gameText.venueBalance} <strong data-testid="venue-balance">¥{displayYuan(balance)}</strong>
      </span>
      <RecallButton label={gameText.recallBalance} />
    </div>
  );
}

function VenueFrame({ category, isDemo }: { category: GameCategory; isDemo: boolean }) {
  const navigate = useNavigate();
  const { frame = '' } = useParams();
  const [search] = useSearchParams();
  const { data } = useVenueList(category);
  const refreshMoney = useRefreshMoney();
  const venue = data ? venueOfFrame(data.list, frame) : undefined;
  const src = frameSource(search.get('url'), window.location.origin);
  const isTransfer = !isDemo && venue?.walletMode === 'transfer';
  const name = venue?.name ?? gameText.categoryNames[category];
  const leave = async () => {
    if (isTransfer && venue) {
      try {
        await callRoute('venueLeave', { enName: venue.code, transferId: uuidV4() });
        await refreshMoney();
      } catch {
        // Shown by the shared behaviours; the member can still recall from 额度转换.
      }
    }
    void navigate(categoryPath(category));
  };
  return (
    <div className="venue-frame">
      <header className="venue-frame__bar">
        <button type="button" className="venue-frame__back" onClick={() => void leave()}>
          <LeftOutline aria-hidden="true" />
          {gameText.back}
        </button>
        <h1 className="venue-frame__title">{name}</h1>
      </header>
      {isTransfer && venue ? <TransferBar venueCode={venue.code} /> : null}
      {src ? (
        <iframe
          className="venue-frame__view"
          src={src}
          title={gameText.frameTitle(name)}
          allow="fullscreen"
        />
      ) : (
        <SiteEmpty
          title={gameText.noFrameUrl}
          action={
            <Button color="primary" shape="rounded" onClick={() => void navigate(categoryPath(category))}>
              {gameText.back}
            </Button>
          }
        />
      )}
    </div>
  );
}

/**
 * `/game/sport/im?url=…` and the other venue frames: the launched venue page in a titled frame
 * under a bar with 返回 (a transfer venue's balance comes back on leaving) and, for a transfer
 * venue, its balance and 回收余额. Members only, except demo play; an auth error on these
 * protected fragments sends the member home (lib/paths.ts).
 */
export function VenueFramePage({ category }: { category: GameCategory }) {
  const [search] = useSearchParams();
  const isDemo = search.get('demo') === '1';
  return isDemo ? (
    <VenueFrame category={category} isDemo />
  ) : (
    <MemberOnly>
      <VenueFrame category={category} isDemo={false} />
    </MemberOnly>
  );
}
