import { type PopActivity, securityNotice } from '@site/contract';
import { useEffect } from 'react';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { usePopActivities, usePopupNotices } from './api.ts';
import { ContentLink } from './content-link.tsx';
import {
  securityNoticeCountdownSeconds,
  takePopActivities,
  takeSecurityNoticeTurn,
  takeUnseenPopupNotices,
} from './home-popups.ts';

function ActivityCard({ activity }: { activity: PopActivity }) {
  return (
    <ContentLink url={activity.linkUrl} className="pop-activity">
      <img src={activity.imageUrl} alt={activity.title} />
    </ContentLink>
  );
}

/** Home overlays in turn: security notice (once a session), new popup notices, activities. */
export function useHomePopups(): void {
  const { data: preInfo } = usePreInfo();
  // Nothing pops up before the site is known to be open: maintenance takes the screen instead.
  const isOpen = preInfo?.maintainConfig.status === 1;
  const { data: popupNotices } = usePopupNotices();
  const { data: activities } = usePopActivities();
  useEffect(() => {
    if (isOpen && takeSecurityNoticeTurn()) {
      void modal.alert({
        title: securityNotice.title,
        content: messages.securityNotice.content,
        confirmText: securityNotice.confirmText,
        countdownSeconds: securityNoticeCountdownSeconds,
      });
    }
  }, [isOpen]);
  useEffect(() => {
    for (const notice of takeUnseenPopupNotices(isOpen ? (popupNotices ?? []) : [])) {
      void modal.alert({ title: notice.title, content: notice.content });
    }
  }, [isOpen, popupNotices]);
  useEffect(() => {
    for (const activity of takePopActivities(isOpen ? (activities ?? []) : [])) {
      void modal.alert({
        title: activity.title,
        content: <ActivityCard activity={activity} />,
        confirmText: messages.home.close,
      });
    }
  }, [isOpen, activities]);
}
