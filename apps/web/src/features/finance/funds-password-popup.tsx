import { Button } from 'antd-mobile';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { showToast } from '../../lib/toast.ts';

const text = messages.finance;

const passcodeLength = 6;

/**
 * The 6-digit funds password field: one real password input (named, focusable, typed into by
 * keyboards and password managers alike) over six equal cells that show a dot per digit. antd's
 * PasscodeInput nested its hidden input in a focusable div (an axe finding) and its fixed 40px
 * cells left the frame's spare width looking like a stretched sixth cell.
 */
export function FundsPasscode(props: { label: string; value: string; onChange: (value: string) => void }) {
  const cells = Array.from({ length: passcodeLength }, (_, index) => index);
  return (
    <span className="finance-passcode">
      <input
        className="finance-passcode__input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        aria-label={props.label}
        maxLength={passcodeLength}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value.replace(/\D/g, '').slice(0, passcodeLength))}
      />
      <span className="finance-passcode__cells" aria-hidden="true">
        {cells.map((index) => (
          <span
            key={index}
            className={`finance-passcode__cell${index === Math.min(props.value.length, passcodeLength - 1) ? ' finance-passcode__cell--next' : ''}`}
          >
            {index < props.value.length ? '●' : ''}
          </span>
        ))}
      </span>
    </span>
  );
}

/** Sets the 6-digit funds password in place, entered twice. */
export function FundsPasswordPopup(props: { isVisible: boolean; onClose: () => void; onSet: () => void }) {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const close = () => {
    setFirst('');
    setSecond('');
    props.onClose();
  };
  const submit = async () => {
    if (first !== second) {
      showToast(text.fundsPasswordMismatch);
      return;
    }
    setIsSubmitting(true);
    try {
      await callRoute('fundsPasswordSet', { fundsPassword: first, confirmFundsPassword: second });
      showToast(text.fundsPasswordSet);
      props.onSet();
      close();
    } catch (caught) {
      if (caught instanceof ApiError && caught.message.includes('已设置')) {
        props.onSet();
        close();
      }
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <ResponsiveSheet
      title={text.setFundsPassword}
      visible={props.isVisible}
      onMaskClick={close}
      onClose={close}
      bodyClassName="finance-popup"
    >
      <p className="finance-hint">{text.fundsPasswordHint}</p>
      <FundsPasscode label={text.fundsPasswordHint} value={first} onChange={setFirst} />
      <p className="finance-hint">{text.fundsPasswordAgain}</p>
      <FundsPasscode label={text.fundsPasswordAgain} value={second} onChange={setSecond} />
      <Button
        block
        color="primary"
        size="large"
        disabled={first.length !== 6 || second.length !== 6}
        loading={isSubmitting}
        loadingText={text.submitting}
        onClick={() => void submit()}
      >
        {messages.common.confirm}
      </Button>
    </ResponsiveSheet>
  );
}
