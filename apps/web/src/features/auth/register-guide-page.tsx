import { Button, List } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import './auth.css';

const text = messages.auth;

/** What registration hands the guide: the name entered and whether a phone was. */
function enteredOf(state: unknown): { username?: string; hasPhone: boolean } {
  const entered = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return {
    ...(typeof entered.username === 'string' ? { username: entered.username } : {}),
    hasPhone: entered.hasPhone === true,
  };
}

/**
 * /registerGuide: what a new member can do next (a member-only route). It names only what the member entered, and 开始游戏 leads to the deposit page (a new account
 * has no balance to play with).
 */
export function RegisterGuidePage() {
  const entered = enteredOf(useLocation().state);
  const navigate = useNavigate();
  const toProfile = () => void navigate(paths.userInfo);
  return (
    <div className="auth-page auth-guide">
      <h1 className="auth-page__title">{text.guideTitle}</h1>
      {entered.username ? <p className="auth-step__intro">{text.guideWelcome(entered.username)}</p> : null}
      <p className="auth-step__intro">{text.guideIntro}</p>
      <List className="auth-guide__list">
        <List.Item title={text.guideProfileTitle} onClick={toProfile}>
          {text.guideProfileText}
        </List.Item>
        {entered.hasPhone ? <List.Item title={text.guidePhoneTitle}>{text.guidePhoneText}</List.Item> : null}
        <List.Item title={text.guideTotpTitle} onClick={toProfile}>
          {text.guideTotpText}
        </List.Item>
      </List>
      <section className="auth-guide__tips" aria-label={text.guideResponsibleTitle}>
        <h2>{text.guideResponsibleTitle}</h2>
        <ul>
          {text.guideResponsibleTips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
      <div className="auth-guide__actions">
        <Button block color="primary" size="large" onClick={() => void navigate(paths.deposit)}>
          {text.guideToHome}
        </Button>
        <Button block fill="outline" size="large" onClick={toProfile}>
          {text.guideToProfile}
        </Button>
      </div>
    </div>
  );
}
