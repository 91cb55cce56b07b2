import { Swiper } from 'antd-mobile';
import { useStationAds } from './api.ts';
import { ContentLink } from './content-link.tsx';

/** Banner carousel; a grey placeholder keeps its place while there are no ads. */
export function AdCarousel() {
  const { data: ads = [] } = useStationAds();
  if (ads.length === 0) {
    return <div className="ad-carousel ad-carousel--empty" aria-hidden="true" />;
  }
  return (
    <Swiper
      className="ad-carousel"
      autoplay
      loop={ads.length > 1}
      indicatorProps={{ className: 'ad-carousel__dots' }}
    >
      {ads.map((ad) => (
        <Swiper.Item key={ad.id}>
          <ContentLink url={ad.linkUrl} className="ad-carousel__item">
            <img src={ad.imageUrl} alt={ad.title} draggable={false} />
          </ContentLink>
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
