import { Button } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { SystemPage } from './system-page.tsx';

export function CookieWarningPage() {
  return (
    <SystemPage
      status="disconnected"
      title={messages.system.cookieTitle}
      actions={
        <Button color="primary" shape="rounded" onClick={() => window.location.reload()}>
          {messages.system.cookieReload}
        </Button>
      }
    >
      <p>{messages.system.cookieText}</p>
    </SystemPage>
  );
}
