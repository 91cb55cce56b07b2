import type { Notice } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, NoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { useMarqueeNotices } from '../../lib/notices.ts';
import { markNoticesRead, useCounter } from '../../lib/site-data.ts';

export function NoticeList({ notices }: { notices: readonly Notice[] }) {
  if (notices.length === 0) {
    return <p className="notice-list__empty">{messages.home.noNotices}</p>;
  }
  return (
    <div className="notice-list">
      {notices.map((notice) => (
        <section key={notice.id} className="notice-list__item">
          <h3>{notice.title}</h3>
          <p>{notice.content}</p>
        </section>
      ))}
    </div>
  );
}

/** 公告 marquee; tapping it opens the full notices and marks them read (red dot goes). */
export function NoticeMarquee() {
  const { data: notices = [] } = useMarqueeNotices();
  const { data: counter } = useCounter();
  const queryClient = useQueryClient();
  const unread = counter?.unreadNoticeCount ?? 0;
  const openList = () => {
    markNoticesRead(queryClient, counter?.serverTime ?? new Date().toISOString());
    void modal.alert({ title: messages.home.noticeListTitle, content: <NoticeList notices={notices} /> });
  };
  const text = notices.map((notice) => `【${notice.title}】${notice.content}`).join('　　');
  return (
    <NoticeBar
      className="notice-marquee"
      color="default"
      content={text || messages.home.noNotices}
      icon={<SoundOutline />}
      onClick={openList}
      extra={
        <Badge content={unread > 0 ? Badge.dot : null}>
          <span className="notice-marquee__label">
            {messages.home.noticeLabel}
            {unread > 0 ? (
              <span className="visually-hidden">{messages.home.unreadNotices(unread)}</span>
            ) : null}
          </span>
        </Badge>
      }
    />
  );
}
