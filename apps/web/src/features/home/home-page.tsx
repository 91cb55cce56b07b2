import { ChatEntry } from '../../lib/chat-entry.tsx';
import { messages } from '../../lib/messages.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { AdCarousel } from './ad-carousel.tsx';
import { GameCategories, type VenuesPanel } from './game-categories.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';
import { SuspensionBuoy } from './suspension-buoy.tsx';
import { useHomePopups } from './use-home-popups.tsx';
import { WalletStrip } from './wallet-strip.tsx';

/**
 * The page's parts that follow the site info and the popup lists are components of their own, so
 * those answers re-render them alone, not the banners and venues beside them.
 */
function HomeTitle() {
  const { data } = usePreInfo();
  return <h1 className="visually-hidden">{data?.SiteBaseConfigVo.title || messages.shell.defaultTitle}</h1>;
}

function HomePopups() {
  useHomePopups();
  return null;
}

export function HomePage({ VenuesPanel }: { VenuesPanel: VenuesPanel }) {
  return (
    <div className="home-page">
      <HomeTitle />
      <HomePopups />
      <AdCarousel />
      <NoticeMarquee />
      <WalletStrip />
      <ChatEntry />
      <GameCategories VenuesPanel={VenuesPanel} />
      <SuspensionBuoy />
    </div>
  );
}
