import type { ReactNode } from 'react';
import './site-empty.css';

/**
 * The empty-state picture in the theme's champagne gold (#bd9d7d family), replacing antd's stock
 * blue one: an open box on a soft disc.
 */
export function SiteEmptyImage() {
  return (
    <svg viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
      <ellipse cx="80" cy="104" rx="56" ry="8" fill="#f3e6d6" />
      <circle cx="80" cy="58" r="44" fill="#faf3ea" />
      <path d="M44 54 80 40l36 14v34L80 102 44 88Z" fill="#f9ddbd" />
      <path d="M80 68v34L44 88V54Z" fill="#e8c9a6" />
      <path d="M80 68v34l36-14V54Z" fill="#d9b48e" />
      <path
        d="M44 54 80 68l36-14-36-14Z"
        fill="#fdf1e3"
        stroke="#bd9d7d"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M44 54 32 66l36 14 12-12M116 54l12 12-36 14-12-12"
        fill="#f9ddbd"
        stroke="#bd9d7d"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="118" cy="26" r="4" fill="#bd9d7d" />
      <circle cx="40" cy="30" r="3" fill="#d2b79c" />
    </svg>
  );
}

/**
 * An empty list or page: the themed picture, a title, an optional line and an action. Drawn
 * without antd's ErrorBlock, whose module carries its four stock pictures (about 8 KB compressed)
 * wherever it is imported.
 */
export function SiteEmpty(props: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={props.className ? `site-empty ${props.className}` : 'site-empty'}>
      <div className="site-empty__image">
        <SiteEmptyImage />
      </div>
      <div className="site-empty__title">{props.title}</div>
      {props.description ? <div className="site-empty__description">{props.description}</div> : null}
      {props.action ? <div className="site-empty__actions">{props.action}</div> : null}
    </div>
  );
}
