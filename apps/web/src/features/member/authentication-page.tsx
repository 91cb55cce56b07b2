import { isValidResidentId, realNamePattern } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { callRoute, reportApiFailure } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { returnToOf, withReturnTo } from '../../lib/return-to.ts';
import { showToast } from '../../lib/toast.ts';
import { identityStatusQuery } from './identity-api.ts';
import './member.css';

const text = messages.identity;

interface IdentityValues {
  realName: string;
  idNumber: string;
}

async function checkRealName(_rule: unknown, value: unknown) {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '') {
    throw new Error(text.realNameRequired);
  }
  if (name.length < 2 || !realNamePattern.test(name)) {
    throw new Error(text.realNameInvalid);
  }
}

async function checkIdNumber(_rule: unknown, value: unknown) {
  const idNumber = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (idNumber === '') {
    throw new Error(text.idNumberRequired);
  }
  if (!isValidResidentId(idNumber)) {
    throw new Error(text.idNumberInvalid);
  }
}

function AuthenticationForm() {
  const [form] = Form.useForm<IdentityValues>();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const submit = async (values: IdentityValues) => {
    try {
      const status = await callRoute(
        'identitySubmit',
        { realName: values.realName.trim(), idNumber: values.idNumber.trim().toUpperCase() },
        { isSilent: true },
      );
      queryClient.setQueryData(identityStatusQuery.queryKey, status);
      showToast(text.submitted);
      void navigate(withReturnTo(paths.infoAudit, returnToOf(location.search)), { replace: true });
    } catch (caught) {
      const field =
        caught instanceof ApiError ? (caught.data as { field?: unknown } | null)?.field : undefined;
      if (caught instanceof ApiError && (field === 'realName' || field === 'idNumber')) {
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
      onFinish={(values: IdentityValues) => void submit(values)}
      footer={
        <Button block type="submit" color="primary" size="large">
          {text.submit}
        </Button>
      }
    >
      <Form.Header>{text.intro}</Form.Header>
      <Form.Item name="realName" label={text.realName} rules={[{ validator: checkRealName }]}>
        <Input placeholder={text.realNamePlaceholder} maxLength={30} autoComplete="name" clearable />
      </Form.Item>
      <Form.Item name="idNumber" label={text.idNumber} rules={[{ validator: checkIdNumber }]}>
        <Input placeholder={text.idNumberPlaceholder} maxLength={18} autoComplete="off" clearable />
      </Form.Item>
    </Form>
  );
}

/** /mine/userInfo/authentication: name and resident ID number, checked (GB 11643) before sending. */
export function AuthenticationPage() {
  return (
    <div className="site-page">
      <div className="site-card member-form">
        <AuthenticationForm />
      </div>
    </div>
  );
}
