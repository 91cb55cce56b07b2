import { adminVenueLaunchSortKeys, type RouteResponse, venueLaunchResults } from '@site/contract';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  pageParams,
  sortParams,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { booleanParam, launchResultEnum, yesNoEnum } from './venue-text.ts';

type LaunchRow = RouteResponse<'adminVenueLaunches'>['list'][number];

export function launchSearchBody(params: TableParams) {
  const venueCode = textParam(params, 'venueCode')?.toUpperCase();
  const username = textParam(params, 'username');
  const result = venueLaunchResults.find((each) => each === params.result);
  const isDemo = booleanParam(params.isDemo);
  return {
    ...pageParams(params),
    ...sortParams(params, adminVenueLaunchSortKeys),
    ...(venueCode ? { venueCode } : {}),
    ...(username ? { username } : {}),
    ...(result ? { result } : {}),
    ...(isDemo === undefined ? {} : { isDemo }),
  };
}

/** 进入记录: every launch of a venue, who, from where, the money it moved in, and refusals with why. */
export function VenueLaunchesPage() {
  const columns: TableColumn<LaunchRow>[] = [
    { ...timeColumn<LaunchRow>('时间', 'createdAt'), sorter: true },
    { title: '场馆代码', dataIndex: 'venueCode', sorter: true },
    {
      title: '会员用户名',
      dataIndex: 'username',
      copyable: true,
      render: (_, row) => row.username ?? '游客',
    },
    { title: '试玩', dataIndex: 'isDemo', valueType: 'select', valueEnum: yesNoEnum },
    { title: '结果', dataIndex: 'result', valueType: 'select', valueEnum: launchResultEnum },
    { title: '代码', dataIndex: 'code', hideInSearch: true },
    { title: '说明', dataIndex: 'message', hideInSearch: true, ellipsis: true },
    { title: '转入金额', dataIndex: 'movedAmount', hideInSearch: true, sorter: true, align: 'right' },
    { title: 'IP', dataIndex: 'ip', hideInSearch: true },
    { title: '终端', dataIndex: 'device', hideInSearch: true },
  ];
  return (
    <DataTable<LaunchRow>
      title="进入记录"
      rowKey="id"
      columns={columns}
      exportName="场馆进入记录"
      fetchPage={(params) => callRoute('adminVenueLaunches', launchSearchBody(params))}
    />
  );
}
