import { ProCard, ProForm, ProFormDigit, ProFormRadio, ProFormSelect } from '@ant-design/pro-components';
import type { ChatSettings } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { callRoute } from '../../lib/api-client.ts';
import { errorText } from '../../lib/api-error.ts';
import { hasPermission } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { useOperator } from '../../lib/use-session.ts';

const settingsKey = ['chat', 'settings'];

/** Words as staff typed them: trimmed, empty ones and repeats dropped. */
export function cleanWords(words: readonly string[]): string[] {
  return [...new Set(words.map((word) => word.trim()).filter((word) => word.length > 0))];
}

/** 聊天设置: the banned-word list, where gift money goes, and how fast a member may post. */
export function ChatSettingsPage() {
  const operator = useOperator();
  const queryClient = useQueryClient();
  const isWriter = hasPermission(operator, 'chat.write');
  const settings = useQuery({ queryKey: settingsKey, queryFn: () => callRoute('adminChatSettings') });
  const save = useAction('adminChatSettingsSave', {
    successText: '已保存，立即生效',
    onDone: (data) => queryClient.setQueryData(settingsKey, data),
  });
  if (settings.error) {
    return <Alert type="error" showIcon message="加载失败" description={errorText(settings.error)} />;
  }
  if (!settings.data) {
    return <Skeleton active />;
  }
  return (
    <ProCard title="聊天设置" bordered>
      <ProForm<ChatSettings>
        name="chatSettings"
        initialValues={settings.data}
        disabled={!isWriter}
        submitter={isWriter ? { searchConfig: { submitText: '保存' }, resetButtonProps: false } : false}
        onFinish={async (values) => {
          await save.mutateAsync({ ...values, bannedWords: cleanWords(values.bannedWords) });
          return true;
        }}
      >
        <ProFormSelect
          name="bannedWords"
          label="违禁词"
          tooltip="含有违禁词的消息不会发出，会员会收到提示；输入后按回车添加"
          mode="tags"
          fieldProps={{ tokenSeparators: [',', '，', ' '], maxCount: 500, open: false }}
          placeholder="输入违禁词后按回车"
        />
        <ProFormRadio.Group
          name="giftRecipient"
          label="礼物金额归属"
          options={[
            { label: '收礼会员', value: 'member' },
            { label: '平台', value: 'house' },
          ]}
        />
        <ProFormDigit
          name="messagesPer10s"
          label="发言频率上限（条 / 10 秒）"
          min={1}
          max={30}
          fieldProps={{ precision: 0 }}
          rules={[{ required: true, message: '请输入发言频率上限' }]}
        />
      </ProForm>
    </ProCard>
  );
}
