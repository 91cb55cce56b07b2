import type { StationAd } from '@site/contract';
import { type FocusEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { useStationAds } from './api.ts';
import { ContentLink } from './content-link.tsx';
import './ad-carousel.css';

/** Each banner stays this long before the next slides in (antd's Swiper default). */
export const bannerIntervalMs = 3_000;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Why autoplay waits: a pointer over it, focus inside, a finger on it, or reduced motion asked. */
function usePauseReasons() {
  const [isHovered, setHovered] = useState(false);
  const [isFocused, setFocused] = useState(false);
  const [isTouched, setTouched] = useState(false);
  const [isMotionReduced] = useState(prefersReducedMotion);
  const handlers = {
    onPointerEnter: (event: PointerEvent) => setHovered(event.pointerType === 'mouse'),
    onPointerLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent) => setFocused(event.currentTarget.contains(event.relatedTarget)),
    onTouchStart: () => setTouched(true),
    onTouchEnd: () => setTouched(false),
    onTouchCancel: () => setTouched(false),
  };
  return { isPaused: isHovered || isFocused || isTouched || isMotionReduced, isMotionReduced, handlers };
}

/**
 * The banners as a native scroll-snap strip: a finger swipes it as any scroller, autoplay moves
 * it every 3 s and wraps from the last banner to the first, and the pill dots are buttons. It
 * replaces antd's Swiper, whose animation and gesture libraries weighed a tenth of the first load.
 */
export function BannerCarousel({ ads }: { ads: readonly StationAd[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const { isPaused, isMotionReduced, handlers } = usePauseReasons();
  const isPlaying = ads.length > 1 && !isPaused;

  const goTo = useCallback(
    (index: number) => {
      setActiveIndex(index);
      const track = trackRef.current;
      track?.scrollTo?.({
        left: index * track.clientWidth,
        behavior: isMotionReduced ? 'instant' : 'smooth',
      });
    },
    [isMotionReduced],
  );

  useEffect(() => {
    if (!isPlaying) {
      return;
    }
    const timer = setTimeout(() => goTo((activeIndex + 1) % ads.length), bannerIntervalMs);
    return () => clearTimeout(timer);
  }, [isPlaying, activeIndex, ads.length, goTo]);

  const onScroll = () => {
    const track = trackRef.current;
    if (track && track.clientWidth > 0) {
      setActiveIndex(Math.min(ads.length - 1, Math.round(track.scrollLeft / track.clientWidth)));
    }
  };

  return (
    <section
      className="ad-carousel"
      aria-roledescription="carousel"
      aria-label={messages.home.bannersLabel}
      {...handlers}
    >
      <div
        ref={trackRef}
        className="ad-carousel__track"
        // A scrollable region keyboard users can reach and scroll with the arrow keys.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for exactly this
        tabIndex={0}
        aria-live={isPlaying ? 'off' : 'polite'}
        onScroll={onScroll}
      >
        {ads.map((ad, index) => (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern: a slide is a group, not a form fieldset
          <div
            key={ad.id}
            className="ad-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={messages.home.bannerPosition(index + 1, ads.length)}
          >
            <ContentLink url={ad.linkUrl} className="ad-carousel__item">
              {/* The first banner is the home page's largest paint: fetched ahead of the rest. */}
              <img
                src={ad.imageUrl}
                alt={ad.title}
                width={375}
                height={198}
                draggable={false}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </ContentLink>
          </div>
        ))}
      </div>
      {ads.length > 1 ? (
        <div className="ad-carousel__dots">
          {ads.map((ad, index) => (
            <button
              key={ad.id}
              type="button"
              className="ad-carousel__dot"
              aria-label={messages.home.bannerPosition(index + 1, ads.length)}
              aria-current={index === activeIndex}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Banner carousel; a grey placeholder keeps its place while there are no ads. */
export function AdCarousel() {
  const { data: ads = [] } = useStationAds();
  if (ads.length === 0) {
    return <div className="ad-carousel ad-carousel--empty" aria-hidden="true" />;
  }
  return <BannerCarousel ads={ads} />;
}
