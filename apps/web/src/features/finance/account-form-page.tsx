import type { WithdrawAccountKind } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Selector } from 'antd-mobile';
import type { ComponentType, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { showToast } from '../../lib/toast.ts';
import { type AccountMethodConfig, isAccountNumberValid } from './account-methods.ts';
import { financeKeys } from './api.ts';
import { FinancePage } from './finance-page.tsx';

const text = messages.finance;

interface AccountValues {
  kind: WithdrawAccountKind[];
  holderName: string;
  accountNumber: string;
}

function AccountForm({ config }: { config: AccountMethodConfig }) {
  const [form] = Form.useForm<AccountValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kindOf = (values: Partial<AccountValues>) => values.kind?.[0] ?? config.kinds[0];
  const submit = async (values: AccountValues) => {
    try {
      await callRoute(
        'withdrawAccountAdd',
        {
          kind: kindOf(values),
          holderName: values.holderName.trim(),
          accountNumber: values.accountNumber.trim(),
        },
        { isSilent: true },
      );
      await queryClient.invalidateQueries({ queryKey: financeKeys.accounts });
      showToast(text.bound);
      void navigate(config.listPath, { replace: true });
    } catch (caught) {
      const field =
        caught instanceof ApiError ? (caught.data as { field?: unknown } | null)?.field : undefined;
      if (caught instanceof ApiError && (field === 'holderName' || field === 'accountNumber')) {
        form.setFields([{ name: field, errors: [caught.message.replace(/^[^：]*：\S+\s*/, '')] }]);
      } else if (caught instanceof ApiError) {
        reportApiFailure(caught);
      }
    }
  };
  const numberRule = {
    validator: (_rule: unknown, value: string | undefined) => {
      const kind = kindOf(form.getFieldsValue());
      return !value || isAccountNumberValid(kind, value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(text.accountKindsExtra[kindOf(form.getFieldsValue())].invalid));
    },
  };
  const isDigital = config.kinds.length > 1;
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ kind: [config.kinds[0]] }}
      onFinish={(values: AccountValues) => void submit(values)}
      footer={
        <Button block type="submit" color="primary" size="large">
          {text.bindSubmit}
        </Button>
      }
    >
      {isDigital ? (
        <Form.Item name="kind" label={text.network}>
          <Selector
            columns={2}
            options={config.kinds.map((kind) => ({ label: text.accountKinds[kind], value: kind }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="holderName"
        label={text.holderName}
        rules={[{ required: true, pattern: /^[\u4e00-\u9fa5·A-Za-z ]{2,32}$/, message: text.holderInvalid }]}
      >
        <Input placeholder={text.holderPlaceholder} maxLength={32} autoComplete="name" clearable />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(previous, next) => previous.kind !== next.kind}>
        {() => {
          const extra = text.accountKindsExtra[kindOf(form.getFieldsValue())];
          return (
            <Form.Item
              name="accountNumber"
              label={extra.number}
              rules={[{ required: true, message: extra.invalid }, numberRule]}
            >
              <Input placeholder={extra.placeholder} maxLength={64} autoComplete="off" clearable />
            </Form.Item>
          );
        }}
      </Form.Item>
    </Form>
  );
}

/** /mine/addAlipayCard and its siblings: binds one payout account of the method. */
/** What stands before the form until the member's real name is verified; the app passes the member feature's gate. */
export type RealNameGateComponent = ComponentType<{ hint: string; children: ReactNode }>;

export function AccountFormPage({
  config,
  Gate,
}: {
  config: AccountMethodConfig;
  Gate: RealNameGateComponent;
}) {
  return (
    <FinancePage>
      <Gate hint={messages.identity.needIdentityForAccount}>
        <div className="site-card finance-form">
          <AccountForm config={config} />
        </div>
      </Gate>
    </FinancePage>
  );
}
