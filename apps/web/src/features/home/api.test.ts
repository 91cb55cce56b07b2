import { homeBannersElementId, type StationAd } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { pageStationAds } from './api.ts';

const ads: StationAd[] = [
  { id: 1, title: '新会员首存礼 </script>', imageUrl: '/media/banner-welcome.svg', linkUrl: '/activity/1' },
];

function pageWith(dataBlock: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = `<div id="root"><div class="boot-shell__banner">${dataBlock}</div></div>`;
  return doc;
}

describe('pageStationAds', () => {
  it('reads the banners the server wrote into the home page, as it escaped them', () => {
    const json = JSON.stringify(ads).replace(/</g, '\\u003c');
    const doc = pageWith(`<script type="application/json" id="${homeBannersElementId}">${json}</script>`);
    expect(pageStationAds(doc)).toEqual(ads);
  });

  it('is undefined on a page without them', () => {
    expect(pageStationAds(pageWith(''))).toBeUndefined();
  });
});
