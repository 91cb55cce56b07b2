import { passwordRules } from '@site/contract';
import { Form, Input } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { passwordStrength, rules } from './form-rules.ts';

const text = messages.auth;

function StrengthHint({ password }: { password: string }) {
  if (!password) {
    return <>{passwordRules.text}</>;
  }
  const level = passwordStrength(password);
  return (
    <span className={`auth-strength auth-strength--${level}`}>
      {text.strength}
      {text.strengthLevels[level]}
    </span>
  );
}

type FormInstance = ReturnType<typeof Form.useForm>[0];

interface NewPasswordFieldsProps {
  form: FormInstance;
  passwordLabel: string;
  confirmLabel: string;
  /** The form's username field, when it has one: the password may not equal it. */
  hasUsername?: boolean;
}

/** A new password (the server's 8-64 rule, strength hint) and its confirmation. */
export function NewPasswordFields({
  form,
  passwordLabel,
  confirmLabel,
  hasUsername = false,
}: NewPasswordFieldsProps) {
  const password: unknown = Form.useWatch('password', form);
  const usernameOf = () => (hasUsername ? String(form.getFieldValue('username') ?? '') : '');
  return (
    <>
      <Form.Item
        name="password"
        label={passwordLabel}
        rules={rules.newPassword(usernameOf)}
        dependencies={hasUsername ? ['username'] : []}
        description={<StrengthHint password={typeof password === 'string' ? password : ''} />}
      >
        <Input
          type="password"
          placeholder={text.passwordPlaceholder}
          autoComplete="new-password"
          maxLength={64}
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        rules={rules.confirm(() => String(form.getFieldValue('password') ?? ''))}
        dependencies={['password']}
      >
        <Input type="password" placeholder={text.confirmPasswordPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
