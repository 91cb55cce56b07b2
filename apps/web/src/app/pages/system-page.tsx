import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';

type Status = 'default' | 'disconnected' | 'empty' | 'busy';

/** The frame every system page shares: picture, title, text, actions. */
export function SystemPage(props: {
  status: Status;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="system-page">
      <ErrorBlock status={props.status} title={props.title} description={null}>
        <div className="system-page__body">{props.children}</div>
        {props.actions ? <div className="system-page__actions">{props.actions}</div> : null}
      </ErrorBlock>
    </div>
  );
}
