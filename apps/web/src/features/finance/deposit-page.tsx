import {
  type DepositChannel,
  type DepositGroup,
  type DepositOrder,
  depositGroups,
  groupCardNumber,
  parseYuan,
  uuidV4,
} from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Tabs, Tag } from 'antd-mobile';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { session } from '../../lib/storage.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { AmountInput } from './amount-input.tsx';
import { financeKeys, useDepositChannels } from './api.ts';
import { copyText } from './copy-text.ts';
import { FinancePage } from './finance-page.tsx';
import { DepositStatusText } from './order-status.tsx';
import { MainWalletCard } from './wallet-card.tsx';

const text = messages.finance;
const presetYuan = ['100', '200', '500', '1000', '5000'] as const;
/** The gateway order the player left for, so the page can show its outcome on return. */
const lastOrderKey = 'finance:lastDepositOrderNo';

function isWithinLimits(channel: DepositChannel, amount: string): boolean {
  const amountFen = parseYuan(amount);
  const minFen = parseYuan(channel.minAmount);
  const maxFen = parseYuan(channel.maxAmount);
  return (
    amountFen !== undefined &&
    minFen !== undefined &&
    maxFen !== undefined &&
    amountFen >= minFen &&
    amountFen <= maxFen
  );
}

function ChannelTiles(props: {
  channels: DepositChannel[];
  selectedId: number | undefined;
  onSelect: (channel: DepositChannel) => void;
}) {
  return (
    <div className="finance-tiles">
      {props.channels.map((channel) => (
        <button
          key={channel.channelId}
          type="button"
          className="finance-tile"
          aria-pressed={channel.channelId === props.selectedId}
          onClick={() => props.onSelect(channel)}
        >
          {channel.tag ? (
            <Tag className="finance-tile__tag" color="#b4263a" fill="solid" round>
              {channel.tag}
            </Tag>
          ) : null}
          <strong>{channel.name}</strong>
          <span className="finance-tile__range">
            {displayYuan(channel.minAmount)}~{displayYuan(channel.maxAmount)}
          </span>
        </button>
      ))}
    </div>
  );
}

function Presets(props: { channel: DepositChannel; amount: string; onPick: (amount: string) => void }) {
  return (
    <div className="finance-tiles">
      {presetYuan.map((preset) => (
        <Button
          key={preset}
          size="small"
          color={props.amount === preset ? 'primary' : 'default'}
          disabled={!isWithinLimits(props.channel, preset)}
          onClick={() => props.onPick(preset)}
        >
          {text.presetLabel(preset)}
        </Button>
      ))}
    </div>
  );
}

/** A value with 复制; `shown` is how it reads (a card number in fours), the copy is the value itself. */
function CopyRow({ label, value, shown }: { label: string; value: string; shown?: string }) {
  return (
    <List.Item
      extra={
        <span className="finance-copy-row">
          <span>{shown ?? value}</span>
          <Button size="mini" fill="outline" onClick={() => void copyText(value)}>
            {text.copy}
          </Button>
        </span>
      }
    >
      {label}
    </List.Item>
  );
}

function BankOrder({ order, onDone }: { order: DepositOrder; onDone: () => void }) {
  const navigate = useNavigate();
  const bank = order.bankAccount;
  return (
    <>
      <List header={text.bankOrderTitle} className="site-card">
        {bank ? (
          <>
            <CopyRow label={text.bankName} value={bank.bankName} />
            <CopyRow label={text.accountName} value={bank.accountName} />
            <CopyRow
              label={text.accountNumber}
              value={bank.accountNumber}
              shown={groupCardNumber(bank.accountNumber)}
            />
          </>
        ) : null}
        <CopyRow label={text.payAmount} value={order.amount} />
        <CopyRow label={text.orderNo} value={order.orderNo} />
        <List.Item extra={formatShanghaiTime(order.expiresAt)}>{text.expiresAt}</List.Item>
      </List>
      <div className="finance-submit-bar">
        <Button block onClick={onDone}>
          {text.depositAgain}
        </Button>
        <Button block color="primary" onClick={() => void navigate(paths.transRecord)}>
          {text.viewRecords}
        </Button>
      </div>
    </>
  );
}

/** The gateway order the player paid (or left) on the sandbox page, looked up on return. */
function LastGatewayOrder({ orderNo, onDismiss }: { orderNo: string; onDismiss: () => void }) {
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: [...financeKeys.deposits, orderNo],
    queryFn: ({ signal }) => callRoute('depositList', { pageNum: 1, pageSize: 20 }, { signal }),
  });
  const order = data?.list.find((row) => row.orderNo === orderNo);
  if (!order) {
    return null;
  }
  return (
    <List header={text.lastOrderTitle} className="site-card">
      <List.Item
        extra={<DepositStatusText status={order.status} />}
        description={`${text.orderNo} ${order.orderNo}`}
      >
        ¥{displayYuan(order.amount)}
      </List.Item>
      <List.Item>
        <span className="finance-row-actions">
          <Button size="small" color="primary" onClick={() => void navigate(paths.wallet)}>
            {text.toWallet}
          </Button>
          <Button size="small" onClick={() => void navigate(paths.transRecord)}>
            {text.viewRecords}
          </Button>
          <Button size="small" fill="none" onClick={onDismiss}>
            {text.depositAgain}
          </Button>
        </span>
      </List.Item>
    </List>
  );
}

function useDepositSubmit(onBankOrder: (order: DepositOrder) => void) {
  const queryClient = useQueryClient();
  const orderIdRef = useRef<string | undefined>(undefined);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async (channel: DepositChannel, amount: string, depositorName: string) => {
    orderIdRef.current ??= uuidV4();
    setIsSubmitting(true);
    try {
      const order = await callRoute('depositCreate', {
        channelId: channel.channelId,
        amount,
        orderId: orderIdRef.current,
        ...(depositorName.trim() ? { depositorName: depositorName.trim() } : {}),
      });
      orderIdRef.current = undefined;
      if (order.payUrl) {
        session.set(lastOrderKey, order.orderNo);
        window.location.assign(order.payUrl);
        return;
      }
      onBankOrder(order);
    } catch {
      // The shared behaviours showed the failure; the same orderId is reused on retry. A channel
      // closed or a limit changed since the page loaded: the tiles show the channels as they are now.
      void queryClient.invalidateQueries({ queryKey: financeKeys.channels });
    } finally {
      setIsSubmitting(false);
    }
  };
  /** A changed order (channel or amount) is a new order with a new id. */
  const forget = () => {
    orderIdRef.current = undefined;
  };
  return { submit, forget, isSubmitting };
}

function DepositForm({ channels }: { channels: DepositChannel[] }) {
  const groups = depositGroups.filter((group) => channels.some((channel) => channel.group === group));
  const [group, setGroup] = useState<DepositGroup | undefined>(groups[0]);
  const [channelId, setChannelId] = useState<number | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [depositorName, setDepositorName] = useState('');
  const [bankOrder, setBankOrder] = useState<DepositOrder | undefined>(undefined);
  const { submit, forget, isSubmitting } = useDepositSubmit(setBankOrder);
  const inGroup = channels.filter((channel) => channel.group === group);
  const channel = inGroup.find((row) => row.channelId === channelId) ?? inGroup[0];
  if (bankOrder) {
    return <BankOrder order={bankOrder} onDone={() => setBankOrder(undefined)} />;
  }
  const changeAmount = (next: string) => {
    forget();
    setAmount(next);
  };
  const onSubmit = () => {
    if (!channel) {
      return;
    }
    if (!amount) {
      showToast(text.enterAmount);
    } else if (parseYuan(amount) === undefined) {
      showToast(text.amountInvalid);
    } else if (!isWithinLimits(channel, amount)) {
      showToast(text.amountOutOfRange(displayYuan(channel.minAmount), displayYuan(channel.maxAmount)));
    } else {
      void submit(channel, amount, depositorName);
    }
  };
  return (
    <>
      <section className="site-card">
        <Tabs
          activeKey={group ?? null}
          onChange={(key) => {
            forget();
            setGroup(groups.find((candidate) => candidate === key));
            setChannelId(undefined);
          }}
        >
          {groups.map((key) => (
            <Tabs.Tab key={key} title={text.depositGroups[key]} />
          ))}
        </Tabs>
        <div className="finance-section">
          <h2 className="finance-section__title">
            {text.channelTitle}
            {group === 'usdt' ? (
              <Link className="finance-section__link" to={paths.introTutorial}>
                {messages.tutorial.introTitle}
              </Link>
            ) : null}
          </h2>
          <ChannelTiles
            channels={inGroup}
            selectedId={channel?.channelId}
            onSelect={(picked) => {
              forget();
              setChannelId(picked.channelId);
            }}
          />
        </div>
      </section>
      {channel ? (
        <section className="site-card finance-section" aria-label={text.amountLabel}>
          <h2 className="finance-section__title">{text.amountLabel}</h2>
          <Presets channel={channel} amount={amount} onPick={changeAmount} />
          <AmountInput
            label={text.amountLabel}
            value={amount}
            onChange={changeAmount}
            placeholder={text.limitPlaceholder(
              displayYuan(channel.minAmount),
              displayYuan(channel.maxAmount),
            )}
          />
          {channel.kind === 'bank' ? (
            <>
              <Input
                aria-label={text.depositorName}
                placeholder={text.depositorPlaceholder}
                value={depositorName}
                onChange={setDepositorName}
                maxLength={32}
              />
              <p className="finance-warning">{text.depositorWarning}</p>
            </>
          ) : null}
        </section>
      ) : null}
      <div className="finance-submit-bar">
        <span className="finance-submit-bar__total">{text.total(displayYuan(amount || '0'))}</span>
        <Button
          color="primary"
          loading={isSubmitting}
          loadingText={text.submitting}
          disabled={!channel}
          onClick={onSubmit}
        >
          {text.depositSubmit}
        </Button>
      </div>
    </>
  );
}

function DepositTips() {
  return (
    <section className="site-card finance-tips">
      <h2>{text.tipsTitle}</h2>
      <ol>
        {text.depositTips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ol>
    </section>
  );
}

function Deposit() {
  const { data: channels, isError, refetch } = useDepositChannels();
  const [lastOrderNo, setLastOrderNo] = useState(() => session.get(lastOrderKey));
  const dismiss = () => {
    session.remove(lastOrderKey);
    setLastOrderNo(null);
  };
  if (isError) {
    return (
      <button type="button" className="finance-empty" onClick={() => void refetch()}>
        {text.loadFailed}
      </button>
    );
  }
  if (!channels) {
    return <p className="finance-empty">{text.loading}</p>;
  }
  return (
    <>
      {lastOrderNo ? <LastGatewayOrder orderNo={lastOrderNo} onDismiss={dismiss} /> : null}
      {channels.length === 0 ? (
        <p className="finance-empty">{text.noChannels}</p>
      ) : (
        <DepositForm channels={channels} />
      )}
    </>
  );
}

/** /mine/finance/deposit: channel tiles by tab, presets, amount, then the pay page or bank details. */
export function DepositPage() {
  return (
    <FinancePage>
      <MainWalletCard />
      <Deposit />
      <DepositTips />
    </FinancePage>
  );
}
