import { groupCardNumber, type WithdrawAccount } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, List, Selector } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { returnToOf, returnWithAccount } from '../../lib/return-to.ts';
import { showToast } from '../../lib/toast.ts';
import { useIdentityStatus } from './identity-api.ts';
import './member.css';
import { RealNameGate } from './real-name-gate.tsx';

const text = messages.identity;
const accountsKey = ['member', 'withdrawAccounts'] as const;

interface CardValues {
  bankCode: string[];
  holderName: string;
  accountNumber: string;
}

/** The server's shape check; it also runs the Luhn checksum and answers on the field. */
const cardNumberPattern = /^\d{16,19}$/;

const cardRules = {
  bankCode: [{ required: true, type: 'array' as const, min: 1, message: text.bankRequired }],
  holderName: [{ required: true, whitespace: true, message: text.holderRequired }],
  accountNumber: [
    { required: true, message: text.cardNumberInvalid },
    {
      validator: (_rule: unknown, value: string | undefined) =>
        !value || cardNumberPattern.test(value.replace(/\s+/g, ''))
          ? Promise.resolve()
          : Promise.reject(new Error(text.cardNumberInvalid)),
    },
  ],
};

function useWithdrawAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: ({ signal }) => callRoute('withdrawAccountList', undefined, { signal }),
  });
}

function BoundCards({ accounts }: { accounts: readonly WithdrawAccount[] }) {
  const cards = accounts.filter((account) => account.kind === 'bank');
  if (cards.length === 0) {
    return null;
  }
  return (
    <List header={text.myCards} className="site-card">
      {cards.map((card) => (
        <List.Item key={card.id} extra={groupCardNumber(card.accountNumber)} description={card.holderName}>
          {card.bankName}
        </List.Item>
      ))}
    </List>
  );
}

interface CardFormProps {
  /** Bound accounts carry the verified real name, so once one exists the form shows it read-only. */
  boundHolderName: string | undefined;
  /** Masked, as the identity status returns it: a hint, never a value to send. */
  verifiedName: string | null;
  onBound: (account: WithdrawAccount) => void;
}

function CardForm({ boundHolderName, verifiedName, onBound }: CardFormProps) {
  const [form] = Form.useForm<CardValues>();
  const queryClient = useQueryClient();
  const { data: banks } = useQuery({
    queryKey: ['member', 'banks'],
    queryFn: ({ signal }) => callRoute('withdrawAccountBanks', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const submit = async (values: CardValues) => {
    try {
      const account = await callRoute(
        'withdrawAccountAdd',
        {
          kind: 'bank',
          bankCode: values.bankCode[0] ?? '',
          holderName: values.holderName.trim(),
          accountNumber: values.accountNumber.replace(/\s+/g, ''),
        },
        { isSilent: true },
      );
      await queryClient.invalidateQueries({ queryKey: accountsKey });
      showToast(text.bound);
      onBound(account);
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
      initialValues={boundHolderName === undefined ? {} : { holderName: boundHolderName }}
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
        description={holderHint(boundHolderName, verifiedName)}
      >
        <Input
          placeholder={text.holderName}
          maxLength={32}
          autoComplete="name"
          readOnly={boundHolderName !== undefined}
          clearable={boundHolderName === undefined}
        />
      </Form.Item>
      <Form.Item
        name="accountNumber"
        label={text.cardNumber}
        rules={cardRules.accountNumber}
        normalize={(value: string | undefined) => groupCardNumber((value ?? '').replace(/\D/g, ''))}
      >
        <Input
          placeholder={text.cardNumberPlaceholder}
          maxLength={23}
          inputMode="numeric"
          autoComplete="off"
          clearable
        />
      </Form.Item>
    </Form>
  );
}

function holderHint(boundHolderName: string | undefined, verifiedName: string | null): string {
  if (boundHolderName !== undefined) {
    return text.holderFixedHint;
  }
  return verifiedName ? text.holderVerifiedHint(verifiedName) : text.holderHint;
}

/**
 * The bank-card binding shared by /mine/addBankCard and the verification flow's bindBankCard:
 * verify-first guidance, the bound cards, then the form.
 */
function BankCardBinding({ onBound }: { onBound: (account: WithdrawAccount) => void }) {
  return (
    <RealNameGate hint={text.needIdentity}>
      <VerifiedBankCardBinding onBound={onBound} />
    </RealNameGate>
  );
}

function VerifiedBankCardBinding({ onBound }: { onBound: (account: WithdrawAccount) => void }) {
  const { data: identity } = useIdentityStatus();
  const { data: accounts, isPending: isAccountsPending } = useWithdrawAccounts();
  if (isAccountsPending) {
    return <p className="member-loading">{messages.member.loading}</p>;
  }
  return (
    <>
      <BoundCards accounts={accounts ?? []} />
      <div className="site-card member-form">
        <CardForm
          boundHolderName={accounts?.[0]?.holderName}
          verifiedName={identity?.realName ?? null}
          onBound={onBound}
        />
      </div>
    </>
  );
}

/** /mine/userInfo/authentication/bindBankCard: a withdrawal bank card, once the member is verified. */
export function BindBankCardPage() {
  const navigate = useNavigate();
  return (
    <div className="site-page">
      <BankCardBinding onBound={() => void navigate(paths.userInfo)} />
    </div>
  );
}

/**
 * /mine/addBankCard: the same binding, reached from the withdrawal page and the payout methods;
 * afterwards it goes to `returnTo` with the new card selected (the withdrawal page sends it, and
 * the verification on the way keeps it), or back to where the member came from.
 */
export function AddBankCardPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = returnToOf(location.search);
  const goBack = (account: WithdrawAccount) => {
    if (returnTo !== undefined) {
      void navigate(returnWithAccount(returnTo, account.id), { replace: true });
      return;
    }
    // 'default' is the key of the first entry: opened directly, there is no page to go back to.
    if (location.key === 'default') {
      void navigate(paths.withdrawMethods, { replace: true });
    } else {
      void navigate(-1);
    }
  };
  return (
    <div className="site-page">
      <BankCardBinding onBound={goBack} />
    </div>
  );
}
