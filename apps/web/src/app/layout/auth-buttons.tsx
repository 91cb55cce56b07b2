import { Button } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { loginPathFor, paths } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';

/** 登录 (filled) and 注册 (outlined) for a visitor without a session; nothing for a member. */
export function AuthButtons() {
  const isSignedIn = useIsSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  if (isSignedIn) {
    return null;
  }
  const here = `${location.pathname}${location.search}`;
  const loginPath = location.pathname.startsWith('/user/') ? paths.login : loginPathFor(here);
  return (
    <div className="auth-buttons">
      <Button size="mini" color="primary" shape="rounded" onClick={() => void navigate(loginPath)}>
        {messages.nav.login}
      </Button>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        shape="rounded"
        onClick={() => void navigate(paths.register)}
      >
        {messages.nav.register}
      </Button>
    </div>
  );
}
