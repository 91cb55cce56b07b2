import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { StationAd } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { createHomePageRenderer, homeBannerMarker, homePageHtml, preferredEncoding } from './home-page.ts';

const indexHtml = `<!doctype html><html><body><div id="root"><div class="boot-shell__banner">${homeBannerMarker}</div></div></body></html>`;
const ads: StationAd[] = [
  { id: 1, title: '新会员首存礼', imageUrl: '/media/banner-welcome.svg', linkUrl: '/activity/1' },
  { id: 2, title: '体育赛事', imageUrl: 'https://cdn.example/sport.webp', linkUrl: '' },
];

/** What the web app does with the page (features/home/api.ts): the data block's text, parsed. */
function dataBlockOf(html: string): unknown {
  const match = /<script type="application\/json" id="home-banners">(.*?)<\/script>/s.exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe('homePageHtml', () => {
  it('shows the first banner in the boot shell and hands the app the whole list', () => {
    const html = homePageHtml(indexHtml, ads);
    expect(html).toContain(
      '<div class="boot-shell__banner"><img src="/media/banner-welcome.svg" alt="新会员首存礼" width="375" height="198" fetchpriority="high"><script',
    );
    expect(html).not.toContain(homeBannerMarker);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(dataBlockOf(html)).toEqual(ads);
  });

  it("keeps an operator's text from leaving its attribute or closing the data block", () => {
    const hostile: StationAd = {
      id: 3,
      title: `"><script>alert(1)</script><img src=x onerror='y'>&`,
      imageUrl: '/media/a.svg" onload="alert(2)',
      linkUrl: '</script><script>alert(3)</script>',
    };
    const html = homePageHtml(indexHtml, [hostile]);
    expect(html).toContain(
      'alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;"',
    );
    expect(html).toContain('src="/media/a.svg&quot; onload=&quot;alert(2)"');
    // One script element, the data block, whose text is the list as it was.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(dataBlockOf(html)).toEqual([hostile]);
  });

  it('leaves the box empty without banners, and a page without the marker as it is', () => {
    const html = homePageHtml(indexHtml, []);
    expect(html).not.toContain('<img');
    expect(dataBlockOf(html)).toEqual([]);
    const plain = '<!doctype html><div id="root"></div>';
    expect(homePageHtml(plain, ads)).toBe(plain);
  });
});

describe('createHomePageRenderer', () => {
  it('compresses each banner list once, and again when the list changes', () => {
    const render = createHomePageRenderer(indexHtml);
    const page = render(ads);
    expect(page.html.toString()).toBe(homePageHtml(indexHtml, ads));
    expect(brotliDecompressSync(page.br).toString()).toBe(page.html.toString());
    expect(gunzipSync(page.gzip).toString()).toBe(page.html.toString());
    expect(render([...ads])).toBe(page);
    const changed = render(ads.slice(1));
    expect(changed).not.toBe(page);
    expect(changed.html.toString()).toBe(homePageHtml(indexHtml, ads.slice(1)));
  });
});

describe('preferredEncoding', () => {
  it('takes br, then gzip, then the page as it is, as the client accepts', () => {
    const cases: [string | undefined, 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'br'],
      ['gzip', 'gzip'],
      ['BR;Q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['*;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=abc', undefined],
      ['', undefined],
      [undefined, undefined],
    ];
    for (const [header, expected] of cases) {
      expect(preferredEncoding(header), String(header)).toBe(expected);
    }
  });
});
