import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import './auth.css';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const text = messages.auth;

/** /user/password: reset a forgotten password by code; a signed-in member can also change it. */
export function PasswordPage() {
  const isSignedIn = useIsSignedIn();
  const [searchParams, setSearchParams] = useSearchParams();
  const activeKey = isSignedIn && searchParams.get('tab') === 'change' ? 'change' : 'forgot';
  if (!isSignedIn) {
    return (
      <div className="auth-page">
        <h1 className="auth-page__title">{text.passwordTitle}</h1>
        <ForgotPasswordForm />
      </div>
    );
  }
  return (
    <div className="auth-page">
      <Tabs activeKey={activeKey} onChange={(key) => setSearchParams({ tab: key }, { replace: true })}>
        <Tabs.Tab key="forgot" title={text.forgotTab}>
          <ForgotPasswordForm />
        </Tabs.Tab>
        <Tabs.Tab key="change" title={text.changeTab}>
          <ChangePasswordForm />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
