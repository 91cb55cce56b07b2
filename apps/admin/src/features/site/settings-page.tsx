import {
  ProCard,
  ProForm,
  ProFormDateTimeRangePicker,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import {
  maintainMessageLengthMax,
  type RouteBody,
  type SiteSettings,
  siteTitleLengthMax,
} from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Image, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { formatTime } from '../../lib/format.ts';
import { hasPermission } from '../../lib/session.ts';
import { ImageUrlField } from '../../lib/url-fields.tsx';
import { useAction } from '../../lib/use-action.ts';
import { useOperator, useSessionState } from '../../lib/use-session.ts';

type PickerValue = string | Dayjs | null | undefined;

interface SettingsForm {
  title: string;
  webLogoTitleUrl: string;
  isUnderMaintenance: boolean;
  maintainRange?: [PickerValue, PickerValue] | null;
  maintainMessage?: string;
  stopLogin: boolean;
  stopRegister: boolean;
}

type SettingsBody = Exclude<RouteBody<'adminSiteSettingsSet'>, undefined>;

const isoOf = (value: PickerValue): string | null => (value ? dayjs(value).toISOString() : null);

export function settingsBody(values: SettingsForm): SettingsBody {
  const [start, end] = values.maintainRange ?? [null, null];
  return {
    title: values.title.trim(),
    webLogoTitleUrl: values.webLogoTitleUrl.trim(),
    isUnderMaintenance: values.isUnderMaintenance,
    maintainStartTime: isoOf(start),
    maintainEndTime: isoOf(end),
    maintainMessage: (values.maintainMessage ?? '').trim(),
    stopLogin: values.stopLogin,
    stopRegister: values.stopRegister,
  };
}

function formValuesOf(settings: SiteSettings): SettingsForm {
  const { maintainStartTime: start, maintainEndTime: end } = settings;
  return {
    title: settings.title,
    webLogoTitleUrl: settings.webLogoTitleUrl,
    isUnderMaintenance: settings.isUnderMaintenance,
    maintainRange: start && end ? [dayjs(start), dayjs(end)] : null,
    maintainMessage: settings.maintainMessage,
    stopLogin: settings.stopLogin,
    stopRegister: settings.stopRegister,
  };
}

const onOff = (value: boolean) => (value ? '开启' : '关闭');

/** What the save changes for members, one line each, as the confirmation lists it. */
export function changeLines(current: SiteSettings, next: SettingsBody): string[] {
  const lines: string[] = [];
  if (next.title !== current.title) {
    lines.push(`站点标题改为「${next.title}」`);
  }
  if (next.webLogoTitleUrl !== current.webLogoTitleUrl) {
    lines.push('站点 Logo 更换');
  }
  if (next.isUnderMaintenance !== current.isUnderMaintenance) {
    lines.push(
      next.isUnderMaintenance
        ? '开启维护：会员端立即跳转到维护页面，无法使用'
        : '关闭维护：会员端立即恢复访问',
    );
  }
  if (
    next.maintainStartTime !== current.maintainStartTime ||
    next.maintainEndTime !== current.maintainEndTime ||
    next.maintainMessage !== current.maintainMessage
  ) {
    lines.push('维护时间或维护公告更新');
  }
  if (next.stopLogin !== current.stopLogin) {
    lines.push(`暂停登录：${onOff(next.stopLogin)}`);
  }
  if (next.stopRegister !== current.stopRegister) {
    lines.push(`暂停注册：${onOff(next.stopRegister)}`);
  }
  return lines;
}

const buttonsUnderFields = (_: unknown, buttons: ReactNode[]) => (
  <Form.Item wrapperCol={{ offset: 6, span: 12 }}>
    <Space>{buttons}</Space>
  </Form.Item>
);

function SettingsFields(props: { logoUrl: string }) {
  return (
    <>
      <ProFormText
        name="title"
        label="站点标题"
        tooltip="浏览器标签页与会员端显示的站点名称"
        fieldProps={{ maxLength: siteTitleLengthMax, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请输入站点标题' }]}
      />
      <ImageUrlField name="webLogoTitleUrl" label="站点 Logo" />
      {props.logoUrl ? (
        <Form.Item label="当前 Logo">
          <Image src={props.logoUrl} alt="当前站点 Logo" height={48} />
        </Form.Item>
      ) : null}
      <ProFormSwitch
        name="isUnderMaintenance"
        label="维护模式"
        tooltip="开启后会员端立即跳转到维护页面"
        fieldProps={{ checkedChildren: '维护中', unCheckedChildren: '正常' }}
      />
      <ProFormDateTimeRangePicker
        name="maintainRange"
        label="维护时间"
        tooltip="显示在维护页面上，可留空"
        fieldProps={{ placeholder: ['开始时间', '结束时间'], allowEmpty: [true, true] }}
      />
      <ProFormTextArea
        name="maintainMessage"
        label="维护公告"
        fieldProps={{ maxLength: maintainMessageLengthMax, showCount: true, rows: 3 }}
      />
      <ProFormSwitch name="stopLogin" label="暂停登录" tooltip="开启后会员无法登录（已登录的不受影响）" />
      <ProFormSwitch name="stopRegister" label="暂停注册" tooltip="开启后不再接受新会员注册" />
    </>
  );
}

/** 站点设置: the title, logo, maintenance and login / registration switches of the current site. */
export function SiteSettingsPage() {
  const { modal } = App.useApp();
  const operator = useOperator();
  const queryClient = useQueryClient();
  const { siteId } = useSessionState();
  const queryKey = ['adminSiteSettings', siteId];
  const settings = useQuery({ queryKey, queryFn: () => callRoute('adminSiteSettings') });
  const isEditor = hasPermission(operator, 'site.write');
  const save = useAction('adminSiteSettingsSet', {
    successText: '站点设置已保存，会员端立即生效',
    onDone: (data) => queryClient.setQueryData<SiteSettings>(queryKey, data),
  });

  const confirm = (current: SiteSettings, values: SettingsForm) =>
    new Promise<boolean>((resolve) => {
      const body = settingsBody(values);
      const lines = changeLines(current, body);
      modal.confirm({
        title: `确认保存站点 ${siteId} 的设置？`,
        content:
          lines.length > 0 ? (
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            '没有改动。'
          ),
        okText: '确认保存',
        cancelText: '取消',
        onOk: async () => {
          await save.mutateAsync(body);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });

  const data = settings.data;
  return (
    <ProCard title={`站点 ${siteId} 设置`} headerBordered>
      {settings.isPending ? <Skeleton active /> : null}
      {settings.isError ? (
        <Alert
          type="error"
          showIcon
          message="加载失败"
          description={errorText(settings.error)}
          action={<Button onClick={() => void settings.refetch()}>重试</Button>}
        />
      ) : null}
      {data ? (
        <>
          {data.isUnderMaintenance ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 24 }}
              message="本站点正在维护，会员端显示维护页面"
            />
          ) : null}
          <ProForm<SettingsForm>
            // A save or a site switch brings new settings: the form starts again from them.
            key={`${data.siteId}-${data.updatedAt}`}
            name="siteSettings"
            layout="horizontal"
            labelCol={{ span: 6 }}
            wrapperCol={{ span: 12 }}
            initialValues={formValuesOf(data)}
            disabled={!isEditor}
            onFinish={(values) => confirm(data, values)}
            submitter={
              isEditor
                ? { searchConfig: { submitText: '保存', resetText: '重置' }, render: buttonsUnderFields }
                : false
            }
          >
            <SettingsFields logoUrl={data.webLogoTitleUrl} />
          </ProForm>
          <Form.Item label="最后修改" labelCol={{ span: 6 }} style={{ marginBottom: 0 }}>
            {formatTime(data.updatedAt)}
          </Form.Item>
        </>
      ) : null}
    </ProCard>
  );
}
