import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { homeBannersElementId, type StationAd } from '@site/contract';

/**
 * Where the web build's index.html leaves room for the home page's banners: inside the boot
 * shell's banner box (apps/web/index.html).
 */
export const homeBannerMarker = '<!--home-banner-->';

export type HomePageEncoding = 'br' | 'gzip';

export interface HomePage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const escapedHtmlCharacters: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapedHtmlCharacters[character] ?? character);
}

/**
 * The home page with its banners in it: the first one as an image in the boot shell, so the
 * page's largest paint needs the HTML, its stylesheet and that image, not the scripts and the
 * banner API; and the list as JSON, which the app takes as its banner query's data instead of
 * asking again. A JSON data block is not script: the content security policy lets it be, and
 * `<` is escaped so no text of an operator's can close it.
 */
export function homePageHtml(indexHtml: string, ads: readonly StationAd[]): string {
  const [first] = ads;
  const image = first
    ? `<img src="${escapeHtml(first.imageUrl)}" alt="${escapeHtml(first.title)}" width="375" height="198" fetchpriority="high">`
    : '';
  const data = `<script type="application/json" id="${homeBannersElementId}">${JSON.stringify(ads).replace(/</g, '\\u003c')}</script>`;
  return indexHtml.replace(homeBannerMarker, `${image}${data}`);
}

/**
 * Renders and compresses the home page once per banner list: the list changes when an operator
 * edits it, not per request, so only the latest rendering is kept.
 */
export function createHomePageRenderer(indexHtml: string): (ads: readonly StationAd[]) => HomePage {
  let latest: { key: string; page: HomePage } | undefined;
  return (ads) => {
    const key = JSON.stringify(ads);
    if (latest?.key !== key) {
      const html = Buffer.from(homePageHtml(indexHtml, ads));
      latest = {
        key,
        page: {
          html,
          br: brotliCompressSync(html, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
          }),
          gzip: gzipSync(html, { level: zlibConstants.Z_BEST_COMPRESSION }),
        },
      };
    }
    return latest.page;
  };
}

/** br before gzip, as the build's precompressed copies are chosen; undefined for the page as it is. */
export function preferredEncoding(acceptEncoding: string | undefined): HomePageEncoding | undefined {
  const qualities = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    qualities.set(name, quality === undefined ? 1 : Number(quality.slice(2)));
  }
  const accepts = (encoding: string) => (qualities.get(encoding) ?? qualities.get('*') ?? 0) > 0;
  if (accepts('br')) {
    return 'br';
  }
  return accepts('gzip') ? 'gzip' : undefined;
}
