import {
  ModalForm,
  ProFormDependency,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import { type OperatorRole, operatorRoleNames, operatorRoles, type RouteResponse } from '@site/contract';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { DataTable, pageParams, type TableColumn, timeColumn } from '../../lib/data-table.tsx';
import { useAction } from '../../lib/use-action.ts';

export type StaffRow = RouteResponse<'adminStaffList'>[number];
type LoginRow = RouteResponse<'adminStaffLoginHistory'>['list'][number];

interface AssignmentForm {
  role: OperatorRole;
  /** Site ids typed as tags: strings until submitted. */
  siteIds?: Array<string | number>;
}

const roleOptions = operatorRoles.map((role) => ({ label: operatorRoleNames[role], value: role }));

/** 超级管理员 works on every site; any other role names its sites. */
function siteIdsOf(values: AssignmentForm): number[] {
  return values.role === 'super_admin' ? [] : (values.siteIds ?? []).map(Number);
}

function AssignmentFields() {
  return (
    <>
      <ProFormSelect
        name="role"
        label="角色"
        options={roleOptions}
        allowClear={false}
        rules={[{ required: true, message: '请选择角色' }]}
      />
      <ProFormDependency<AssignmentForm> name={['role']}>
        {({ role }) =>
          role === 'super_admin' ? null : (
            <ProFormSelect
              name="siteIds"
              label="站点"
              mode="tags"
              placeholder="输入站点ID后回车，例如 9001"
              tooltip="该员工只能查看和操作这些站点"
              rules={[
                { required: true, message: '至少指定一个站点' },
                {
                  validator: async (_rule, value: Array<string | number> | undefined) => {
                    if ((value ?? []).some((siteId) => !/^[1-9]\d{0,9}$/.test(String(siteId)))) {
                      throw new Error('站点ID须为正整数');
                    }
                  },
                },
              ]}
            />
          )
        }
      </ProFormDependency>
    </>
  );
}

/** A generated password, shown once with a copy button. */
export function passwordNotice(username: string, password: string): { title: string; content: ReactNode } {
  return {
    title: `${username} 的登录密码`,
    content: (
      <>
        <p>密码只显示这一次，请复制后通过安全渠道交给该员工。</p>
        <Typography.Paragraph copyable={{ text: password, tooltips: ['复制', '已复制'] }} code>
          {password}
        </Typography.Paragraph>
      </>
    ),
  };
}

export function CreateStaffButton(props: {
  onCreated: (created: RouteResponse<'adminStaffCreate'>) => void;
}) {
  const create = useAction('adminStaffCreate', { successText: '员工已创建', onDone: props.onCreated });
  return (
    <ModalForm<AssignmentForm & { username: string }>
      title="新增员工"
      name="staffCreate"
      width={520}
      trigger={<Button type="primary">新增员工</Button>}
      initialValues={{ role: 'support' }}
      modalProps={{ destroyOnHidden: true, okText: '创建', cancelText: '取消' }}
      onFinish={async (values) => {
        await create.mutateAsync({
          username: values.username,
          role: values.role,
          siteIds: siteIdsOf(values),
        });
        return true;
      }}
    >
      <ProFormText
        name="username"
        label="用户名"
        placeholder="3-32位小写字母、数字或下划线，以字母开头"
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
      />
      <AssignmentFields />
    </ModalForm>
  );
}

export function EditStaffButton(props: { staff: StaffRow; onDone: () => void }) {
  const update = useAction('adminStaffUpdate', {
    successText: '已保存，下一次请求起生效',
    onDone: props.onDone,
  });
  return (
    <ModalForm<AssignmentForm & { isActive: boolean }>
      title={`编辑员工 ${props.staff.username}`}
      name="staffEdit"
      width={520}
      trigger={
        <Button type="link" size="small">
          编辑
        </Button>
      }
      initialValues={{
        role: props.staff.role,
        siteIds: props.staff.siteIds.map(String),
        isActive: props.staff.isActive,
      }}
      modalProps={{ destroyOnHidden: true, okText: '保存', cancelText: '取消' }}
      onFinish={async (values) => {
        await update.mutateAsync({
          id: props.staff.id,
          role: values.role,
          siteIds: siteIdsOf(values),
          isActive: values.isActive,
        });
        return true;
      }}
    >
      <AssignmentFields />
      <ProFormSwitch name="isActive" label="启用" checkedChildren="启用" unCheckedChildren="停用" />
    </ModalForm>
  );
}

const loginColumns: TableColumn<LoginRow>[] = [
  timeColumn('时间', 'at'),
  {
    title: '结果',
    dataIndex: 'succeeded',
    hideInSearch: true,
    valueEnum: { true: { text: '成功', status: 'Success' }, false: { text: '失败', status: 'Error' } },
  },
  { title: 'IP', dataIndex: 'ip', hideInSearch: true },
  { title: '浏览器', dataIndex: 'userAgent', hideInSearch: true, ellipsis: true },
];

export function StaffLoginHistory(props: { staff: StaffRow }) {
  return (
    <DataTable<LoginRow>
      title={`${props.staff.username} 的登录记录`}
      rowKey="at"
      columns={loginColumns}
      exportName={`员工登录记录-${props.staff.username}`}
      isUrlSynced={false}
      fetchPage={(params) =>
        callRoute('adminStaffLoginHistory', { ...pageParams(params), id: props.staff.id })
      }
    />
  );
}
