import { type GameCategory, gameCategories } from '@site/contract';
import { type ComponentType, Suspense, useState } from 'react';
import { messages } from '../../lib/messages.ts';

/** The active category's venues with the platform counts: the games feature's, handed in by the app. */
export type VenuesPanel = ComponentType<{ category: GameCategory }>;

/**
 * 体育 电竞 真人 电子 彩票 棋牌 捕鱼 as capsule tabs: real buttons, so the row scrolls and
 * switches by keyboard too. The panel shows the active category's venues with the platform counts.
 */
export function GameCategories({ VenuesPanel }: { VenuesPanel: VenuesPanel }) {
  const [active, setActive] = useState<GameCategory>(gameCategories[0]);
  return (
    <section className="game-categories" aria-label={messages.home.categoriesTitle}>
      <div className="game-categories__tabs" role="tablist">
        {gameCategories.map((category) => (
          <button
            key={category}
            type="button"
            role="tab"
            id={`game-category-${category}`}
            aria-selected={category === active}
            aria-controls="game-category-panel"
            className="game-categories__tab"
            onClick={() => setActive(category)}
          >
            <span>{messages.gameCategories[category]}</span>
          </button>
        ))}
      </div>
      <div id="game-category-panel" role="tabpanel" aria-labelledby={`game-category-${active}`}>
        <Suspense fallback={null}>
          <VenuesPanel category={active} />
        </Suspense>
      </div>
    </section>
  );
}
