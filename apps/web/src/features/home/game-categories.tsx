import { gameCategories } from '@site/contract';
import { CapsuleTabs, ErrorBlock } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';

/** 体育 电竞 真人 电子 彩票 棋牌 捕鱼: no venue is open yet, so each says so honestly. */
export function GameCategories() {
  return (
    <section className="game-categories" aria-label={messages.home.categoriesTitle}>
      <CapsuleTabs defaultActiveKey={gameCategories[0]}>
        {gameCategories.map((category) => (
          <CapsuleTabs.Tab key={category} title={messages.gameCategories[category]}>
            <ErrorBlock
              status="empty"
              className="game-categories__empty"
              title={messages.home.noGames}
              description={null}
            />
          </CapsuleTabs.Tab>
        ))}
      </CapsuleTabs>
    </section>
  );
}
