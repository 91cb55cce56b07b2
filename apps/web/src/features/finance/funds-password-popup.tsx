import { Button, PasscodeInput, Popup } from 'antd-mobile';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { showToast } from '../../lib/toast.ts';

const text = messages.finance;

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
    <Popup visible={props.isVisible} onMaskClick={close} bodyClassName="finance-popup">
      <h2>{text.setFundsPassword}</h2>
      <p className="finance-hint">{text.fundsPasswordHint}</p>
      <PasscodeInput aria-label={text.fundsPasswordHint} length={6} value={first} onChange={setFirst} />
      <p className="finance-hint">{text.fundsPasswordAgain}</p>
      <PasscodeInput aria-label={text.fundsPasswordAgain} length={6} value={second} onChange={setSecond} />
      <Button
        block
        color="primary"
        size="large"
        disabled={first.length !== 6 || second.length !== 6}
        loading={isSubmitting}
        onClick={() => void submit()}
      >
        {messages.common.confirm}
      </Button>
    </Popup>
  );
}
