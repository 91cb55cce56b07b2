import { Button } from 'antd-mobile';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { paths } from '../../lib/paths.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';

// The themed picture rather than antd's ErrorBlock: this page ships with every first load, and
// ErrorBlock's module carries all four of its stock pictures.
function CrashPage({ onRetry, onHome }: { onRetry: () => void; onHome: () => void }) {
  return (
    <div className="system-page">
      <SiteEmpty
        className="system-page__content"
        title={messages.system.crashTitle}
        description={messages.system.crashText}
        action={
          <>
            <Button color="primary" shape="rounded" onClick={onRetry}>
              {messages.common.retry}
            </Button>
            <Button shape="rounded" onClick={onHome}>
              {messages.common.backHome}
            </Button>
          </>
        }
      />
    </div>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
  onHome: () => void;
}

class Boundary extends Component<BoundaryProps, { hasError: boolean; resetKey: string }> {
  override state = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { hasError: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) {
      return this.props.children;
    }
    return (
      <CrashPage
        onRetry={() => this.setState({ hasError: false })}
        onHome={() => {
          this.setState({ hasError: false });
          this.props.onHome();
        }}
      />
    );
  }
}

/** A render crash shows 页面出错了 with 再试一次 / 返回首页; moving to another page clears it. */
export function CrashBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Boundary resetKey={resetKey} onHome={() => void navigate(paths.home)}>
      {children}
    </Boundary>
  );
}

/** Router-level failures (outside any layout). */
export function RouteErrorPage() {
  return (
    <CrashPage onRetry={() => window.location.reload()} onHome={() => window.location.assign(paths.home)} />
  );
}
