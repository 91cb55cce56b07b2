import { messages } from '../../lib/messages.ts';
import { usePreInfo } from '../../lib/site-data.ts';
import { SystemPage } from './system-page.tsx';

export function RestrictionIpPage() {
  const { data } = usePreInfo();
  return (
    <SystemPage status="disconnected" title={messages.system.restrictionTitle}>
      <p>{messages.system.restrictionText}</p>
      {data?.ip ? <p className="system-page__strong">{messages.system.restrictionIp(data.ip)}</p> : null}
    </SystemPage>
  );
}
