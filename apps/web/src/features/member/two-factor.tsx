import { totpDigits } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, Switch } from 'antd-mobile';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { memberInfoQuery } from '../../lib/member-info.ts';
import { messages } from '../../lib/messages.ts';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { showToast } from '../../lib/toast.ts';
import { copyText } from './copy-text.ts';

const text = messages.member;
const codeRules = [
  { required: true, message: messages.auth.rules.codeRequired },
  { pattern: /^[0-9]{6}$/, message: messages.auth.rules.codeInvalid(totpDigits) },
];

function CodeInput() {
  return (
    <Input
      placeholder={messages.auth.codePlaceholder(totpDigits)}
      maxLength={totpDigits}
      inputMode="numeric"
      autoComplete="one-time-code"
    />
  );
}

function EnableForm({ secret, onDone }: { secret: string; onDone(): void }) {
  const submit = async (values: { code: string }) => {
    await callRoute('totpEnable', { code: values.code.trim() });
    showToast(text.totpEnabled);
    onDone();
  };
  return (
    <Form
      layout="vertical"
      onFinish={(values: { code: string }) => void submit(values).catch(() => undefined)}
      footer={
        <Button block type="submit" color="primary" size="large">
          {text.totpEnable}
        </Button>
      }
    >
      <p className="member-totp__step">{text.totpSetupStep1}</p>
      <div className="member-totp__secret">
        <span className="member-totp__label">{text.totpSecret}</span>
        <code>{secret}</code>
        <Button size="small" fill="outline" onClick={() => void copyText(secret)}>
          {text.copy}
        </Button>
      </div>
      <p className="member-totp__step">{text.totpSetupStep2}</p>
      <Form.Item name="code" label={messages.auth.totpCode} rules={codeRules}>
        <CodeInput />
      </Form.Item>
    </Form>
  );
}

function DisableForm({ onDone }: { onDone(): void }) {
  const submit = async (values: { code: string; password: string }) => {
    await callRoute('totpDisable', { code: values.code.trim(), password: values.password });
    showToast(text.totpDisabled);
    onDone();
  };
  return (
    <Form
      layout="vertical"
      onFinish={(values: { code: string; password: string }) => void submit(values).catch(() => undefined)}
      footer={
        <Button block type="submit" color="danger" size="large">
          {text.totpDisable}
        </Button>
      }
    >
      <p className="member-totp__step">{text.totpDisableText}</p>
      <Form.Item name="code" label={messages.auth.totpCode} rules={codeRules}>
        <CodeInput />
      </Form.Item>
      <Form.Item
        name="password"
        label={messages.auth.password}
        rules={[{ required: true, message: messages.auth.rules.passwordRequired }]}
      >
        <Input
          type="password"
          placeholder={messages.auth.passwordPlaceholder}
          autoComplete="current-password"
        />
      </Form.Item>
    </Form>
  );
}

type Panel = { kind: 'closed' } | { kind: 'enable'; secret: string } | { kind: 'disable' };

/** Two-factor switch: on starts setup (secret shown, confirmed with a code), off asks for a code and the password. */
export function TwoFactorItem({ isEnabled }: { isEnabled: boolean }) {
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>({ kind: 'closed' });
  const [isStarting, setIsStarting] = useState(false);
  const close = () => setPanel({ kind: 'closed' });
  const done = () => {
    close();
    void queryClient.invalidateQueries({ queryKey: memberInfoQuery.queryKey });
  };
  const onChange = async (isOn: boolean) => {
    if (!isOn) {
      return setPanel({ kind: 'disable' });
    }
    setIsStarting(true);
    try {
      const setup = await callRoute('totpSetup');
      setPanel({ kind: 'enable', secret: setup.secret });
    } finally {
      setIsStarting(false);
    }
  };
  return (
    <>
      <List.Item
        description={isEnabled ? text.totpOnHint : text.totpOffHint}
        extra={
          <Switch
            checked={isEnabled}
            loading={isStarting}
            aria-label={text.totp}
            onChange={(isOn) => void onChange(isOn).catch(() => undefined)}
          />
        }
      >
        {text.totp}
      </List.Item>
      <ResponsiveSheet
        title={panel.kind === 'disable' ? text.totpDisableTitle : text.totpSetupTitle}
        visible={panel.kind !== 'closed'}
        onMaskClick={close}
        onClose={close}
        bodyClassName="member-popup"
        destroyOnClose
      >
        {panel.kind === 'enable' ? <EnableForm secret={panel.secret} onDone={done} /> : null}
        {panel.kind === 'disable' ? <DisableForm onDone={done} /> : null}
      </ResponsiveSheet>
    </>
  );
}
