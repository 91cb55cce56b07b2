import type { GameCategory } from '@site/contract';
import { Link } from 'react-router';
import { useIsSignedIn } from '../../lib/session.ts';
import { gameText } from './game-messages.ts';
import { CategoryCounts, CategoryVenues } from './game-page.tsx';
import { usePlatformCount } from './use-platform-count.ts';
import { categoryPath } from './venues.ts';

/**
 * The home page's category panel, loaded after the first paint: the platform counts of every
 * category (the flow of spec section 4), then the active category's venues and a link to its page.
 */
export function HomeVenues({ category }: { category: GameCategory }) {
  const { data: counts } = usePlatformCount(useIsSignedIn());
  const figures = category === 'BY' ? undefined : counts?.[category];
  return (
    <div className="home-venues">
      {figures ? <CategoryCounts live={figures.live} total={figures.total} /> : null}
      <CategoryVenues category={category} showCounts={figures === undefined} />
      <Link className="home-venues__more" to={categoryPath(category)}>
        {gameText.moreVenues(gameText.categoryNames[category])}
      </Link>
    </div>
  );
}
