import { ErrorCode } from '@site/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { rules } from './form-rules.ts';
import { fieldErrorOf } from './login-flow.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const text = messages.auth;

interface ChangeValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Change password for the signed-in member; the server ends every other session (they get 10105). */
export function ChangePasswordForm() {
  const [form] = Form.useForm<ChangeValues>();
  const navigate = useNavigate();
  const submit = async (values: ChangeValues) => {
    try {
      await callRoute('changePassword', values, { isSilent: true });
      showToast(text.changeSuccess);
      void navigate(paths.userInfo, { replace: true });
    } catch (caught) {
      const fieldError = fieldErrorOf(caught);
      if (fieldError) {
        form.setFields([{ name: fieldError.field, errors: [fieldError.message] }]);
      } else if (caught instanceof ApiError && caught.code === ErrorCode.common) {
        form.setFields([{ name: 'oldPassword', errors: [caught.message] }]);
      } else if (caught instanceof ApiError) {
        reportApiFailure(caught);
      }
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      footer={
        <Button block type="submit" color="primary" size="large">
          {text.changeButton}
        </Button>
      }
    >
      <Form.Item name="oldPassword" label={text.oldPassword} rules={rules.oldPassword}>
        <Input type="password" placeholder={text.oldPasswordPlaceholder} autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        form={form}
        passwordLabel={text.newPassword}
        confirmLabel={text.confirmNewPassword}
      />
    </Form>
  );
}
