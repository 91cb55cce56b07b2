import type { ActionType } from '@ant-design/pro-components';
import {
  type IdentityReviewEntry,
  identityReviewSortKeys,
  identityReviewStatuses,
  maskIdNumber,
} from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Space, Switch, Typography } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { memberDetailUrl } from '../../app/menu.ts';
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
import { identityReviewStatusEnum } from '../../lib/labels.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';
import { IdentityDecision } from './identity-decision.tsx';
import { mayChangeRule, reviewerText, reviewRuleText } from './identity-review.ts';

function statusParam(params: TableParams) {
  return identityReviewStatuses.find((status) => status === params.status);
}

/** The site's review rule, and (站点管理员, sandbox only) the switch between manual and automatic. */
function ReviewRule(props: { onChanged: () => void }) {
  const { modal } = App.useApp();
  const operator = useOperator();
  const { siteId } = useSessionState();
  const queryClient = useQueryClient();
  const queryKey = ['adminIdentityRule', siteId];
  const rule = useQuery({ queryKey, queryFn: () => callRoute('adminIdentityRule') });
  const setRule = useAction('adminIdentityRuleSet', {
    successText: (next) => (next.isManualReview ? '已开启人工审核' : '已改为自动审核'),
    onDone: (next) => {
      queryClient.setQueryData(queryKey, next);
      props.onChanged();
    },
  });
  if (!rule.data) {
    return null;
  }
  const current = rule.data;
  const confirmSwitch = (isManualReview: boolean) =>
    modal.confirm({
      title: isManualReview ? '开启人工审核？' : '改为自动审核？',
      content: isManualReview
        ? '之后会员提交的实名认证将等待员工审核，审核通过前不能绑定收款账户。'
        : '之后成年会员提交即自动通过（仅沙盒环境）。已在队列中的待审核记录仍需人工处理。',
      okText: '确认',
      cancelText: '取消',
      onOk: () => setRule.mutateAsync({ isManualReview }),
    });
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <Space wrap>
          <Typography.Text>{reviewRuleText(current)}</Typography.Text>
          {mayChangeRule(current, operator?.permissions ?? []) ? (
            <Switch
              checked={current.isManualReview}
              loading={setRule.isPending}
              checkedChildren="人工审核"
              unCheckedChildren="自动审核"
              aria-label="人工审核"
              onChange={confirmSwitch}
            />
          ) : null}
        </Space>
      }
    />
  );
}

/** 实名审核: the site's verifications, pending ones first in line, with 通过 / 拒绝. */
export function IdentityReviewPage() {
  const actionRef = useRef<ActionType>(undefined);
  const reload = () => void actionRef.current?.reload();

  const columns: TableColumn<IdentityReviewEntry>[] = [
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: identityReviewStatusEnum,
      initialValue: 'pending',
    },
    {
      title: '会员',
      dataIndex: 'username',
      render: (_, row) => <Link to={memberDetailUrl(row.username)}>{row.username}</Link>,
    },
    { title: '真实姓名', dataIndex: 'realName', hideInSearch: true },
    {
      title: '身份证号',
      dataIndex: 'idNumber',
      hideInSearch: true,
      copyable: true,
      // The export leaves the building more easily than the screen: it keeps the number masked.
      csv: (row) => maskIdNumber(row.idNumber),
    },
    { title: '年龄', dataIndex: 'ageYears', hideInSearch: true },
    { title: '提交次数', dataIndex: 'submissionNo', hideInSearch: true },
    { ...timeColumn('提交时间', 'submittedAt'), sorter: true },
    {
      title: '审核人',
      dataIndex: 'reviewer',
      hideInSearch: true,
      render: (_, row) => reviewerText(row),
      csv: reviewerText,
    },
    { ...timeColumn('审核时间', 'reviewedAt'), sorter: true },
    { title: '拒绝原因', dataIndex: 'reason', hideInSearch: true, ellipsis: true },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, row) =>
        row.status === 'pending' ? <IdentityDecision entry={row} onChanged={reload} /> : null,
    },
  ];

  return (
    <>
      <ReviewRule onChanged={reload} />
      <DataTable<IdentityReviewEntry>
        title="实名审核"
        rowKey="memberId"
        columns={columns}
        actionRef={actionRef}
        exportName="实名审核"
        fetchPage={(params) => {
          const status = statusParam(params);
          const username = textParam(params, 'username');
          return callRoute('adminIdentityList', {
            ...pageParams(params),
            ...sortParams(params, identityReviewSortKeys),
            ...(status ? { status } : {}),
            ...(username ? { username } : {}),
          });
        }}
      />
    </>
  );
}
