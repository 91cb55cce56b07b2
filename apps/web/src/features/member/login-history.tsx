import { List } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { useLoginHistory } from './api.ts';
import { shortDevice } from './format.ts';

const text = messages.member;

/** The member's latest successful logins: time, IP and device. */
export function LoginHistory() {
  const { data, isPending } = useLoginHistory();
  const rows = data?.list ?? [];
  return (
    <List header={text.loginHistory} className="site-card">
      {isPending ? <List.Item>{text.loading}</List.Item> : null}
      {!isPending && rows.length === 0 ? <List.Item>{text.noHistory}</List.Item> : null}
      {rows.map((row) => (
        <List.Item
          key={`${row.loginAt}-${row.deviceUuid}`}
          description={`${text.loginDevice}：${text.clientTypes[row.clientType] ?? row.clientType} ${shortDevice(row.deviceUuid)}`}
          extra={`${text.loginIp} ${row.ip}`}
        >
          {formatShanghaiTime(row.loginAt)}
        </List.Item>
      ))}
    </List>
  );
}
