import { sanitizeAmountInput } from '@site/contract';
import { Input } from 'antd-mobile';
import type { ReactNode } from 'react';

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
