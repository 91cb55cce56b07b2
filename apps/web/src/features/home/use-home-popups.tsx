import { type PopActivity, securityNotice } from '@site/contract';
import { Checkbox } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { type ModalOptions, modal } from '../../lib/modal-store.ts';
import { usePopupNotices } from '../../lib/notices.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { usePopActivities } from './api.ts';
import { ContentLink } from './content-link.tsx';
import {
  createPopupQueue,
  markPopupNoticeSeen,
  securityNoticeCountdownSeconds,
  takePopActivities,
  takeSecurityNoticeTurn,
  unseenPopupNotices,
} from './home-popups.ts';

function ActivityCard({ activity }: { activity: PopActivity }) {
  return (
    <ContentLink url={activity.linkUrl} className="pop-activity">
      <img src={activity.imageUrl} alt={activity.title} />
    </ContentLink>
  );
}

/** A popup's content with the 今日不再提示 tick box under it. */
function PopupContent({
  children,
  onSnoozeChange,
}: {
  children: ReactNode;
  onSnoozeChange: (isSnoozed: boolean) => void;
}) {
  return (
    <>
      <div>{children}</div>
      <Checkbox className="popup-snooze" onChange={onSnoozeChange}>
        {messages.home.snoozeToday}
      </Checkbox>
    </>
  );
}

/** Shows an alert with 今日不再提示; resolves on close with whether it was ticked. */
function showSnoozable(options: ModalOptions): () => Promise<boolean> {
  return async () => {
    let isSnoozed = false;
    await modal.alert({
      ...options,
      content: (
        <PopupContent
          onSnoozeChange={(checked) => {
            isSnoozed = checked;
          }}
        >
          {options.content}
        </PopupContent>
      ),
    });
    return isSnoozed;
  };
}

/**
 * Home overlays one at a time: the security notice (once a session), then new popup notices,
 * then activities. Each offers 今日不再提示, which keeps its kind away until the day ends.
 */
export function useHomePopups(): void {
  const { data: preInfo } = usePreInfo();
  // Nothing pops up before the site is known to be open: maintenance takes the screen instead.
  const isOpen = preInfo?.maintainConfig.status === 1;
  const { data: popupNotices, isPending: areNoticesPending } = usePopupNotices();
  const { data: activities } = usePopActivities();
  const [queue] = useState(createPopupQueue);
  // Notices wait in the queue until shown; a refetch must not queue them twice.
  const queuedNoticeIds = useRef(new Set<number>());
  useEffect(() => {
    queue.start();
    return () => queue.stop();
  }, [queue]);
  useEffect(() => {
    if (isOpen && takeSecurityNoticeTurn()) {
      void queue.add({
        kind: 'security',
        show: showSnoozable({
          title: securityNotice.title,
          content: messages.securityNotice.content,
          confirmText: securityNotice.confirmText,
          countdownSeconds: securityNoticeCountdownSeconds,
        }),
      });
    }
  }, [isOpen, queue]);
  useEffect(() => {
    for (const notice of unseenPopupNotices(isOpen ? (popupNotices ?? []) : [])) {
      if (queuedNoticeIds.current.has(notice.id)) {
        continue;
      }
      queuedNoticeIds.current.add(notice.id);
      void queue.add({
        kind: 'notices',
        onShow: () => markPopupNoticeSeen(notice.id),
        show: showSnoozable({ title: notice.title, content: notice.content }),
      });
    }
  }, [isOpen, popupNotices, queue]);
  useEffect(() => {
    // Activities queue behind the notices, whichever list answers first.
    if (areNoticesPending) {
      return;
    }
    for (const activity of takePopActivities(isOpen ? (activities ?? []) : [])) {
      void queue.add({
        kind: 'activities',
        show: showSnoozable({
          title: activity.title,
          content: <ActivityCard activity={activity} />,
          confirmText: messages.home.close,
        }),
      });
    }
  }, [isOpen, activities, areNoticesPending, queue]);
}
