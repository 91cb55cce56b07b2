import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { loginPathFor, paths } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import './auth.css';

const text = messages.auth;

/** /registerGuide: what a new member can do next; member-only, like the spec's protected paths. */
export function RegisterGuidePage() {
  const isSignedIn = useIsSignedIn();
  const [wasSignedInAtOpen] = useState(isSignedIn);
  const navigate = useNavigate();
  if (!wasSignedInAtOpen) {
    return <Navigate to={loginPathFor(paths.registerGuide)} replace />;
  }
  if (!isSignedIn) {
    return null;
  }
  const toProfile = () => void navigate(paths.userInfo);
  return (
    <div className="auth-page auth-guide">
      <h1 className="auth-page__title">{text.guideTitle}</h1>
      <p className="auth-step__intro">{text.guideIntro}</p>
      <List className="auth-guide__list">
        <List.Item title={text.guideProfileTitle} onClick={toProfile}>
          {text.guideProfileText}
        </List.Item>
        <List.Item title={text.guidePhoneTitle}>{text.guidePhoneText}</List.Item>
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
        <Button block color="primary" size="large" onClick={() => void navigate(paths.home)}>
          {text.guideToHome}
        </Button>
        <Button block fill="outline" size="large" onClick={toProfile}>
          {text.guideToProfile}
        </Button>
      </div>
    </div>
  );
}
