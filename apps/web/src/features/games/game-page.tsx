import type { GameCategory } from '@site/contract';
import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import { ChatEntry } from '../../lib/chat-entry.tsx';
import { messages } from '../../lib/messages.ts';
import { sportsbookPath } from '../../lib/paths.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { useVenueList } from '../../lib/venue-list.ts';
import { gameText } from './game-messages.ts';
import { VenuesLoading, VenueTiles } from './venue-tiles.tsx';

/** One category's live and total venue counts, from the list the server answered. */
export function CategoryCounts(props: { live: number; total: number }) {
  return (
    <p className="venue-counts">
      <span className="venue-counts__dot" aria-hidden="true" />
      {gameText.counts(props.live, props.total)}
    </p>
  );
}

/** The venues of one category with its counts; a failed read offers 再试一次. */
export function CategoryVenues({
  category,
  showCounts = true,
}: {
  category: GameCategory;
  showCounts?: boolean;
}) {
  const { data, isPending, isError, refetch } = useVenueList(category);
  if (isPending) {
    return <VenuesLoading />;
  }
  if (isError) {
    return (
      <SiteEmpty
        title={gameText.loadFailed}
        action={
          <Button color="primary" shape="rounded" onClick={() => void refetch()}>
            {gameText.retry}
          </Button>
        }
      />
    );
  }
  return (
    <>
      {showCounts ? <CategoryCounts live={data.counts.live} total={data.counts.total} /> : null}
      {data.list.length === 0 ? (
        <SiteEmpty title={gameText.noVenues} />
      ) : (
        <VenueTiles venues={data.list} label={gameText.venuesLabel(gameText.categoryNames[category])} />
      )}
    </>
  );
}

/** 体育 and 电竞 also lead to our own sportsbook, above the venues launched into a frame. */
function SportsbookEntry({ scope }: { scope: 'TY' | 'DJ' }) {
  const text = messages.sportsbook;
  return (
    <Link className="sportsbook-entry" to={sportsbookPath(scope)}>
      <span className="sportsbook-entry__name">{scope === 'TY' ? text.entry : text.esportsEntry}</span>
      <span className="sportsbook-entry__hint">
        {scope === 'TY' ? text.entryHint : text.esportsEntryHint}
      </span>
    </Link>
  );
}

/** `/game/sport`, `/game/gaming` …: a category's venues, each launching into its frame. */
export function GamePage({ category }: { category: GameCategory }) {
  return (
    <div className="site-page game-page">
      {category === 'TY' || category === 'DJ' ? <SportsbookEntry scope={category} /> : null}
      <CategoryVenues category={category} />
      <ChatEntry />
    </div>
  );
}
