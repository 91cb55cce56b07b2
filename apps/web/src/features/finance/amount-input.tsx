import { parseYuan, sanitizeAmountInput } from '@site/contract';
import { Button, Input } from 'antd-mobile';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';

/** A ¥ amount field cleaned as the user types (spec section 5: digits, one point, 2 decimals). */
export function AmountInput(props: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  extra?: ReactNode;
}) {
  return (
    <div className="finance-amount-input">
      <span aria-hidden="true">¥</span>
      <Input
        aria-label={props.label}
        value={props.value}
        onChange={(raw) => props.onChange(sanitizeAmountInput(raw))}
        placeholder={props.placeholder}
        inputMode="decimal"
        clearable
      />
      {props.extra}
    </div>
  );
}

/**
 * An amount moved out of one balance: the field with 全部, what is available, and the submit
 * button, enabled once a non-zero amount is entered. 全部 goes through `onChange` like typing.
 */
export function AmountToMove(props: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  availableYuan: string | undefined;
  availableText: (amount: string) => string;
  submitLabel: string;
  isSubmitting: boolean;
  onSubmit: () => void;
}) {
  return (
    <>
      <AmountInput
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        placeholder={props.placeholder}
        extra={
          <Button size="mini" fill="outline" onClick={() => props.onChange(props.availableYuan ?? '')}>
            {messages.finance.all}
          </Button>
        }
      />
      <p className="finance-hint">{props.availableText(displayYuan(props.availableYuan))}</p>
      <Button
        block
        color="primary"
        size="large"
        disabled={!props.value || parseYuan(props.value) === 0n}
        loading={props.isSubmitting}
        loadingText={messages.finance.submitting}
        onClick={props.onSubmit}
      >
        {props.submitLabel}
      </Button>
    </>
  );
}
