import {
  ModalForm,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { RouteBody } from '@site/contract';
import type { ReactElement } from 'react';
import { useAction } from '../../lib/use-action.ts';

type SpeechBody = Exclude<RouteBody<'adminChatSpeech'>, undefined>;
type SpeechStatusChoice = SpeechBody['status'];

export const speechChoiceEnum = {
  muted: { text: '禁言' },
  banned: { text: '禁止发言' },
  normal: { text: '恢复发言' },
} satisfies Record<SpeechStatusChoice, { text: string }>;

/** Mute presets in minutes: 10 分钟 up to 30 天 (the contract's ceiling). */
export const muteMinutesPresets = [
  { label: '10 分钟', value: 10 },
  { label: '1 小时', value: 60 },
  { label: '1 天', value: 60 * 24 },
  { label: '7 天', value: 60 * 24 * 7 },
  { label: '30 天', value: 60 * 24 * 30 },
];

interface SpeechForm {
  username: string;
  status: SpeechStatusChoice;
  mutedMinutes?: number;
  reason: string;
}

export function speechBody(values: SpeechForm): SpeechBody {
  return {
    username: values.username.trim(),
    status: values.status,
    ...(values.status === 'muted' && values.mutedMinutes !== undefined
      ? { mutedMinutes: values.mutedMinutes }
      : {}),
    reason: values.reason.trim(),
  };
}

/**
 * 禁言 / 禁止发言 / 恢复发言 for one member, with the reason the member is shown; the member's
 * open chat hears it at once (10004).
 */
export function SpeechButton(props: {
  trigger: ReactElement;
  username?: string;
  status?: SpeechStatusChoice;
  onDone?: () => void;
}) {
  const speech = useAction('adminChatSpeech', {
    successText: (data) => (data.speechStatus === 0 ? '已恢复发言' : '已生效，会员立即收到通知'),
    ...(props.onDone ? { onDone: props.onDone } : {}),
  });
  return (
    <ModalForm<SpeechForm>
      title="发言管理"
      name="chatSpeech"
      width={520}
      trigger={props.trigger}
      initialValues={{ username: props.username, status: props.status ?? 'muted', mutedMinutes: 60 }}
      modalProps={{ destroyOnHidden: true, okText: '确认', cancelText: '取消' }}
      onFinish={async (values) => {
        await speech.mutateAsync(speechBody(values));
        return true;
      }}
    >
      <ProFormText
        name="username"
        label="会员用户名"
        disabled={props.username !== undefined}
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
      />
      <ProFormRadio.Group
        name="status"
        label="处理"
        radioType="button"
        options={Object.entries(speechChoiceEnum).map(([value, { text }]) => ({ value, label: text }))}
      />
      <ProFormDependency name={['status']}>
        {({ status }: { status?: SpeechStatusChoice }) =>
          status === 'muted' ? (
            <>
              <ProFormRadio.Group
                name="mutedMinutes"
                label="禁言时长"
                radioType="button"
                options={muteMinutesPresets}
              />
              <ProFormDigit
                name="mutedMinutes"
                label="自定义时长（分钟）"
                min={1}
                max={60 * 24 * 30}
                fieldProps={{ precision: 0 }}
                rules={[{ required: true, message: '禁言须填写时长' }]}
              />
            </>
          ) : null
        }
      </ProFormDependency>
      <ProFormTextArea
        name="reason"
        label="原因（会员可见）"
        rules={[{ required: true, whitespace: true, message: '请填写原因' }]}
        fieldProps={{ maxLength: 200, showCount: true }}
      />
    </ModalForm>
  );
}
