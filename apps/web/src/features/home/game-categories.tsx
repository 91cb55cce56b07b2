import { type GameCategory, gameCategories } from '@site/contract';
import { useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';

/**
 * 体育 电竞 真人 电子 彩票 棋牌 捕鱼 as capsule tabs: real buttons, so the row scrolls and
 * switches by keyboard too. No venue is open yet, so each category says so honestly.
 */
export function GameCategories() {
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
        <SiteEmpty className="game-categories__empty" title={messages.home.noGames} />
      </div>
    </section>
  );
}
