import type { Notice } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { useMarqueeNotices, usePopupNotices } from '../../lib/notices.ts';
import { markNoticesRead, noticeReadAt, useCounter } from '../../lib/site-data.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import './mine.css';

const text = messages.mine;

function MailItem({ notice, isUnread }: { notice: Notice; isUnread: boolean }) {
  return (
    <article className="mail-item">
      <header className="mail-item__head">
        <h2 className="mail-item__title">
          {isUnread ? (
            <span className="mail-item__unread">
              <span className="visually-hidden">{text.unread}</span>
            </span>
          ) : null}
          {notice.title}
        </h2>
        <time dateTime={notice.publishedAt}>{formatShanghaiTime(notice.publishedAt)}</time>
      </header>
      <p className="mail-item__content">{notice.content}</p>
    </article>
  );
}

/**
 * /mine/mail, the 消息中心: the site's notices (公告), newest first, unread ones marked with a red
 * dot until 全部已读.
 */
export function MailPage() {
  const marquee = useMarqueeNotices();
  const popup = usePopupNotices();
  const { data: counter } = useCounter();
  const queryClient = useQueryClient();
  const readAt = noticeReadAt();
  if (marquee.isPending || popup.isPending) {
    return <p className="site-page mine-status">{messages.common.loading}</p>;
  }
  if (marquee.isError || popup.isError) {
    const retry = () => {
      void marquee.refetch();
      void popup.refetch();
    };
    return (
      <div className="site-page">
        <Button className="mine-status" fill="none" onClick={retry}>
          {text.loadFailed}
        </Button>
      </div>
    );
  }
  const notices = [...marquee.data, ...popup.data].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const unread = counter?.unreadNoticeCount ?? 0;
  const markAllRead = () => markNoticesRead(queryClient, counter?.serverTime ?? new Date().toISOString());
  return (
    <div className="site-page mine-page">
      <div className="mail-toolbar">
        <span>{text.unreadCount(unread)}</span>
        <Button
          size="small"
          color="primary"
          fill="outline"
          shape="rounded"
          disabled={unread === 0}
          onClick={markAllRead}
        >
          {text.markAllRead}
        </Button>
      </div>
      {notices.length === 0 ? (
        <ErrorBlock status="empty" title={text.noMail} description={null} className="site-card mail-empty" />
      ) : (
        notices.map((notice) => (
          <MailItem
            key={`${notice.category}-${notice.id}`}
            notice={notice}
            isUnread={unread > 0 && (readAt === undefined || notice.publishedAt > readAt)}
          />
        ))
      )}
    </div>
  );
}
