import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, Selector } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { useIdentityStatus } from './identity-api.ts';
import './member.css';
import { MemberOnly } from './member-only.tsx';

const text = messages.identity;
const accountsKey = ['member', 'withdrawAccounts'] as const;

interface CardValues {
  bankCode: string[];
  holderName: string;
  accountNumber: string;
}

const cardRules = {
  bankCode: [{ required: true, type: 'array' as const, min: 1, message: text.bankRequired }],
  holderName: [{ required: true, whitespace: true, message: text.holderRequired }],
  accountNumber: [{ required: true, pattern: /^[0-9]{12,19}$/, message: text.cardNumberInvalid }],
};

function BoundCards() {
  const { data: accounts } = useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => callRoute('withdrawAccountList', undefined, { signal }),
  });
  const cards = (accounts ?? []).filter((account) => account.kind === 'bank');
  if (cards.length === 0) {
    return null;
  }
  return (
    <List header={text.myCards} className="member-card">
      {cards.map((card) => (
        <List.Item key={card.id} extra={card.accountNumber} description={card.holderName}>
          {card.bankName}
        </List.Item>
      ))}
    </List>
  );
}

function CardForm() {
  const [form] = Form.useForm<CardValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: banks } = useQuery({
    queryKey: ['member', 'banks'],
    queryFn: ({ signal }) => callRoute('withdrawAccountBanks', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const submit = async (values: CardValues) => {
    try {
      await callRoute(
        'withdrawAccountAdd',
        {
          kind: 'bank',
          bankCode: values.bankCode[0] ?? '',
          holderName: values.holderName.trim(),
          accountNumber: values.accountNumber.trim(),
        },
        { isSilent: true },
      );
      void queryClient.invalidateQueries({ queryKey: accountsKey });
      showToast(text.bound);
      void navigate(paths.userInfo);
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
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values: CardValues) => void submit(values)}
      footer={
        <Button block type="submit" color="primary" size="large">
          {text.bindSubmit}
        </Button>
      }
    >
      <Form.Item name="bankCode" label={text.bank} rules={cardRules.bankCode}>
        <Selector
          columns={3}
          options={(banks ?? []).map((bank) => ({ label: bank.name, value: bank.code }))}
        />
      </Form.Item>
      <Form.Item
        name="holderName"
        label={text.holderName}
        rules={cardRules.holderName}
        description={text.holderHint}
      >
        <Input placeholder={text.holderName} maxLength={32} autoComplete="name" clearable />
      </Form.Item>
      <Form.Item name="accountNumber" label={text.cardNumber} rules={cardRules.accountNumber}>
        <Input placeholder={text.cardNumberPlaceholder} maxLength={19} inputMode="numeric" clearable />
      </Form.Item>
    </Form>
  );
}

function BindBankCard() {
  const navigate = useNavigate();
  const { data: identity } = useIdentityStatus();
  if (!identity) {
    return <p className="member-loading">{messages.member.loading}</p>;
  }
  if (identity.status !== 'approved') {
    return (
      <List className="member-card">
        <List.Item description={text.needIdentity} onClick={() => void navigate(paths.authentication)}>
          {text.toAuthenticate}
        </List.Item>
      </List>
    );
  }
  return (
    <>
      <BoundCards />
      <div className="member-card member-form">
        <CardForm />
      </div>
    </>
  );
}

/** /mine/userInfo/authentication/bindBankCard: a withdrawal bank card, once the member is verified. */
export function BindBankCardPage() {
  return (
    <MemberOnly>
      <div className="member-page">
        <BindBankCard />
      </div>
    </MemberOnly>
  );
}
