import { ChatEntry } from '../../lib/chat-entry.tsx';
import { messages } from '../../lib/messages.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { AdCarousel } from './ad-carousel.tsx';
import { GameCategories, type VenuesPanel } from './game-categories.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';
import { SuspensionBuoy } from './suspension-buoy.tsx';
import { useHomePopups } from './use-home-popups.tsx';
import { WalletStrip } from './wallet-strip.tsx';

export function HomePage({ VenuesPanel }: { VenuesPanel: VenuesPanel }) {
  useHomePopups();
  const { data } = usePreInfo();
  return (
    <div className="home-page">
      <h1 className="visually-hidden">{data?.SiteBaseConfigVo.title || messages.shell.defaultTitle}</h1>
      <AdCarousel />
      <NoticeMarquee />
      <WalletStrip />
      <ChatEntry />
      <GameCategories VenuesPanel={VenuesPanel} />
      <SuspensionBuoy />
    </div>
  );
}
