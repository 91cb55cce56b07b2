import type { ActionType } from '@ant-design/pro-components';
import { operatorRoleNames, type RouteResponse } from '@site/contract';
import { App, Badge, Button, Drawer, Dropdown, Space, Tag } from 'antd';
import { useRef, useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import {
  DataTable,
  type TableColumn,
  type TableParams,
  textParam,
  timeColumn,
} from '../../lib/data-table.tsx';
import { roleColors } from '../../lib/labels.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  CreateStaffButton,
  EditStaffButton,
  passwordNotice,
  StaffLoginHistory,
  type StaffRow,
} from './staff-dialogs.tsx';

function sitesText(row: StaffRow): string {
  return row.siteIds.length === 0 ? '全部站点' : row.siteIds.join(', ');
}

function filtered(rows: StaffRow[], params: TableParams): StaffRow[] {
  const username = textParam(params, 'username');
  const role = textParam(params, 'role');
  return rows.filter((row) => (!username || row.username.includes(username)) && (!role || row.role === role));
}

function StaffActions(props: { staff: StaffRow; onDone: () => void; onHistory: () => void }) {
  const { modal } = App.useApp();
  const { staff } = props;
  const showPassword = (data: RouteResponse<'adminStaffResetPassword'>) =>
    modal.success({ ...passwordNotice(staff.username, data.password), okText: '我已复制' });
  const logout = useAction('adminStaffLogout', { successText: '已强制下线', onDone: props.onDone });
  const resetPassword = useAction('adminStaffResetPassword', {
    successText: '密码已重置',
    onDone: showPassword,
  });
  const resetTotp = useAction('adminStaffResetTotp', {
    successText: '已解绑身份验证器',
    onDone: props.onDone,
  });

  const confirm = (title: string, content: string, run: () => Promise<unknown>) =>
    modal.confirm({ title, content, okText: '确认', cancelText: '取消', onOk: run });

  const items = [
    { key: 'history', label: '登录记录' },
    { key: 'logout', label: '强制下线' },
    { key: 'password', label: '重置密码' },
    { key: 'totp', label: '重置身份验证器' },
  ];
  const onMenu = ({ key }: { key: string }) => {
    const body = { id: staff.id };
    switch (key) {
      case 'history':
        props.onHistory();
        return;
      case 'logout':
        confirm(`强制 ${staff.username} 下线？`, '该员工的所有会话立即失效。', () =>
          logout.mutateAsync(body),
        );
        return;
      case 'password':
        confirm(`重置 ${staff.username} 的密码？`, '将生成新密码并结束其所有会话，新密码只显示一次。', () =>
          resetPassword.mutateAsync(body),
        );
        return;
      case 'totp':
        confirm(
          `重置 ${staff.username} 的身份验证器？`,
          '解绑后其所有会话失效，下次登录时重新扫码绑定。',
          () => resetTotp.mutateAsync(body),
        );
        return;
      default:
        return;
    }
  };
  return (
    <Space size="small">
      <EditStaffButton staff={staff} onDone={props.onDone} />
      <Dropdown menu={{ items, onClick: onMenu }}>
        <Button type="link" size="small">
          更多
        </Button>
      </Dropdown>
    </Space>
  );
}

export function StaffPage() {
  const { modal } = App.useApp();
  const actionRef = useRef<ActionType>(undefined);
  const [historyOf, setHistoryOf] = useState<StaffRow | null>(null);
  const reload = () => {
    void actionRef.current?.reload();
  };

  const columns: TableColumn<StaffRow>[] = [
    { title: '用户名', dataIndex: 'username' },
    {
      title: '角色',
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        Object.entries(operatorRoleNames).map(([role, text]) => [role, { text }]),
      ),
      render: (_, row) => <Tag color={roleColors[row.role]}>{operatorRoleNames[row.role]}</Tag>,
    },
    { title: '站点', hideInSearch: true, render: (_, row) => sitesText(row), csv: sitesText },
    {
      title: '状态',
      dataIndex: 'isActive',
      hideInSearch: true,
      render: (_, row) => (
        <Badge status={row.isActive ? 'success' : 'default'} text={row.isActive ? '启用' : '停用'} />
      ),
      csv: (row) => (row.isActive ? '启用' : '停用'),
    },
    timeColumn('创建时间', 'createdAt'),
    timeColumn('最近登录', 'lastLoginAt'),
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => <StaffActions staff={row} onDone={reload} onHistory={() => setHistoryOf(row)} />,
    },
  ];

  return (
    <>
      <DataTable<StaffRow>
        title="员工与角色"
        rowKey="id"
        columns={columns}
        actionRef={actionRef}
        exportName="员工"
        isUnpaged
        toolBarActions={[
          <CreateStaffButton
            key="create"
            onCreated={(created) => {
              reload();
              void modal.success({
                ...passwordNotice(created.staff.username, created.password),
                okText: '我已复制',
              });
            }}
          />,
        ]}
        fetchPage={async (params) => {
          const rows = filtered(await callRoute('adminStaffList'), params);
          return { list: rows, total: rows.length };
        }}
      />
      <Drawer
        title="登录记录"
        width={880}
        open={historyOf !== null}
        onClose={() => setHistoryOf(null)}
        destroyOnHidden
      >
        {historyOf ? <StaffLoginHistory staff={historyOf} /> : null}
      </Drawer>
    </>
  );
}
