import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { loginPathFor, paths } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';

/**
 * 登录 (filled) and 注册 (outlined) for a visitor without a session; nothing for a member. Each is
 * a 44px tap target around a smaller pill, so the 44px bar keeps its look.
 */
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
      <button type="button" className="header-wallet__action" onClick={() => void navigate(loginPath)}>
        <span className="header-wallet__pill header-wallet__pill--filled">{messages.nav.login}</span>
      </button>
      <button type="button" className="header-wallet__action" onClick={() => void navigate(paths.register)}>
        <span className="header-wallet__pill header-wallet__pill--outline">{messages.nav.register}</span>
      </button>
    </div>
  );
}
