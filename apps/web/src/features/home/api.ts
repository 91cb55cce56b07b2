import { noticeCategories } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

const contentStaleMs = 5 * 60_000;

export function useNotices(category: number) {
  return useQuery({
    queryKey: ['home', 'notices', category],
    queryFn: ({ signal }) => callRoute('noticeList', { category }, { signal }),
    staleTime: contentStaleMs,
  });
}

export const useMarqueeNotices = () => useNotices(noticeCategories.marquee);
export const usePopupNotices = () => useNotices(noticeCategories.popup);

export function useStationAds() {
  return useQuery({
    queryKey: ['home', 'stationAds'],
    queryFn: ({ signal }) => callRoute('stationAdList', undefined, { signal }),
    staleTime: contentStaleMs,
  });
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
