import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { SystemPage } from './system-page.tsx';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <SystemPage
      status="empty"
      title={messages.system.notFoundTitle}
      actions={
        <Button color="primary" shape="rounded" onClick={() => void navigate(paths.home)}>
          {messages.common.backHome}
        </Button>
      }
    >
      <p>{messages.system.notFoundText}</p>
    </SystemPage>
  );
}
