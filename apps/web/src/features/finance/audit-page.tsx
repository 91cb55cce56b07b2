import { formatFen, parseYuan } from '@site/contract';
import { List } from 'antd-mobile';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { useAuditSummary } from './api.ts';
import { FinancePage } from './finance-page.tsx';

const text = messages.finance;

function remainingOf(required: string, completed: string): string {
  const remainingFen = (parseYuan(required) ?? 0n) - (parseYuan(completed) ?? 0n);
  return formatFen(remainingFen > 0n ? remainingFen : 0n);
}

function Totals(props: { required: string; completed: string; remaining: string; isMet: boolean }) {
  return (
    <section className="site-card finance-section" aria-label={text.auditTitle}>
      <div className="finance-audit-grid">
        <span>
          {text.auditRequired}
          <strong>¥{displayYuan(props.required)}</strong>
        </span>
        <span>
          {text.auditCompleted}
          <strong>¥{displayYuan(props.completed)}</strong>
        </span>
        <span>
          {text.auditRemaining}
          <strong>¥{displayYuan(props.remaining)}</strong>
        </span>
      </div>
      <p className={props.isMet ? 'finance-status-success' : 'finance-status-failed'}>
        {props.isMet ? text.auditMet : text.auditNotMet}
      </p>
    </section>
  );
}

/** /mine/audit: the turnover each deposit (or bonus) requires before a withdrawal, and what is done. */
export function AuditPage() {
  const { data: audit } = useAuditSummary();
  return (
    <FinancePage>
      {audit ? (
        <>
          <Totals
            required={audit.requiredAmount}
            completed={audit.completedAmount}
            remaining={audit.remainingAmount}
            isMet={audit.isMet}
          />
          <List className="site-card">
            {audit.items.length === 0 ? <List.Item>{text.emptyRecords}</List.Item> : null}
            {audit.items.map((item) => (
              <List.Item
                key={`${item.source}:${item.sourceRef}`}
                description={`${formatShanghaiTime(item.createdAt)} · ${item.sourceRef}`}
                extra={
                  <span className="record-amount">
                    <span>
                      {text.auditRequired} ¥{displayYuan(item.requiredAmount)}
                    </span>
                    <small>
                      {text.auditCompleted} ¥{displayYuan(item.completedAmount)} · {text.auditRemaining} ¥
                      {displayYuan(remainingOf(item.requiredAmount, item.completedAmount))}
                    </small>
                  </span>
                }
              >
                {text.auditSources[item.source]}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <p className="finance-empty">{text.loading}</p>
      )}
    </FinancePage>
  );
}
