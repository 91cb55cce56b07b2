import { Button } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { useOpenCustomerService } from '../layout/use-customer-service.ts';
import { SystemPage } from './system-page.tsx';

/** How often the maintenance page asks whether the site is open again. */
export const maintenancePollMs = 15_000;

const shanghaiTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** 维护时间 in Asia/Shanghai time, e.g. `2026/11/22 12:00 - 2026/11/22 14:00`. */
export function maintenanceWindowText(startTime: string | null, endTime: string | null): string {
  const format = (time: string | null) =>
    time ? shanghaiTime.format(new Date(time)) : messages.system.maintenanceUnknownTime;
  return `${format(startTime)} - ${format(endTime)}`;
}

export function MaintenancePage() {
  const { data, dataUpdatedAt } = usePreInfo(maintenancePollMs);
  const navigate = useNavigate();
  const openCustomerService = useOpenCustomerService();
  const config = data?.maintainConfig;
  // Only a fresh answer counts: the cached copy may predate the maintenance.
  const isOpenAgain = config?.status === 1 && dataUpdatedAt > 0;
  useEffect(() => {
    if (isOpenAgain) {
      void navigate(paths.home, { replace: true });
    }
  }, [isOpenAgain, navigate]);
  return (
    <SystemPage
      status="busy"
      title={messages.system.maintenanceTitle}
      actions={
        <Button color="primary" shape="rounded" onClick={openCustomerService}>
          {messages.system.contactService}
        </Button>
      }
    >
      {config ? (
        <>
          <p className="system-page__strong">
            {messages.system.maintenanceTime}
            {maintenanceWindowText(config.startTime, config.endTime)}
          </p>
          <p>{config.message}</p>
        </>
      ) : null}
      <p>{messages.system.maintenanceContact}</p>
    </SystemPage>
  );
}
