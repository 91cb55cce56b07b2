import { homeBannersElementId, type StationAd } from '@site/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

const contentStaleMs = 5 * 60_000;

/** The banners: the home page's largest paint, so main.tsx asks for them before the first render. */
export const stationAdsQuery = queryOptions({
  queryKey: ['home', 'stationAds'],
  queryFn: ({ signal }) => callRoute('stationAdList', undefined, { signal }),
  staleTime: contentStaleMs,
});

/**
 * The banners the server wrote into the home page (apps/server/src/http/home-page.ts), whose first
 * one the boot shell already shows; undefined on other pages. Taken unparsed, as `callRoute` takes
 * the same list from the API: the same server wrote both.
 */
export function pageStationAds(doc: Document = document): StationAd[] | undefined {
  const text = doc.getElementById(homeBannersElementId)?.textContent;
  return text ? (JSON.parse(text) as StationAd[]) : undefined;
}

export function useStationAds() {
  return useQuery(stationAdsQuery);
}

/** Floating icons for the H5 layout ('1') or the desktop site ('2'). */
export function useSuspensionIcons(displayEquipment: '1' | '2') {
  return useQuery({
    queryKey: ['home', 'suspensionIcon', displayEquipment],
    queryFn: ({ signal }) => callRoute('suspensionIcon', { displayEquipment }, { signal }),
    staleTime: contentStaleMs,
  });
}

export function usePopActivities() {
  return useQuery({
    queryKey: ['home', 'popInfo'],
    queryFn: ({ signal }) => callRoute('popInfo', undefined, { signal }),
    staleTime: contentStaleMs,
  });
}
