import { captchaLength } from '@site/contract';
import { Form, Input } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { rules } from './form-rules.ts';

const text = messages.auth;

interface CaptchaFieldProps {
  image: string | undefined;
  isLoading: boolean;
  onRefresh(): void;
}

/** The image captcha row: answer input, and the picture that swaps for a new one on tap. */
export function CaptchaField({ image, isLoading, onRefresh }: CaptchaFieldProps) {
  const picture = (
    <button
      type="button"
      className="auth-captcha"
      onClick={onRefresh}
      title={text.captchaRefresh}
      aria-label={text.captchaRefresh}
    >
      {image ? <img src={image} alt={text.captchaAlt} /> : <span>{text.captchaLoading}</span>}
    </button>
  );
  return (
    <Form.Item
      name="captchaCode"
      label={text.captcha}
      rules={rules.captcha}
      extra={picture}
      description={isLoading ? undefined : text.captchaRefresh}
    >
      <Input
        placeholder={text.captchaPlaceholder}
        maxLength={captchaLength + 4}
        autoComplete="off"
        clearable
      />
    </Form.Item>
  );
}
