import { AdCarousel } from './ad-carousel.tsx';
import { GameCategories } from './game-categories.tsx';
import { NoticeMarquee } from './notice-marquee.tsx';
import { SuspensionBuoy } from './suspension-buoy.tsx';
import { useHomePopups } from './use-home-popups.tsx';

export function HomePage() {
  useHomePopups();
  return (
    <div className="home-page">
      <AdCarousel />
      <NoticeMarquee />
      <GameCategories />
      <SuspensionBuoy />
    </div>
  );
}
