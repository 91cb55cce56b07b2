import { noticeCategories } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

const contentStaleMs = 5 * 60_000;
/** The site's notices (公告) by category: the home marquee and popups, and the member's 消息中心. */
export function useNotices(category: number) {
  return useQuery({
    queryKey: ['home', 'notices', category],
    queryFn: ({ signal }) => callRoute('noticeList', { category }, { signal }),
    staleTime: contentStaleMs,
  });
}

export const useMarqueeNotices = () => useNotices(noticeCategories.marquee);
export const usePopupNotices = () => useNotices(noticeCategories.popup);
