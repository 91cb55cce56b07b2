import type { ReactNode } from 'react';
import { MemberPage } from '../../lib/member-page.tsx';
import './finance.css';

/** A money page: a member page with the money pages' styles. */
export function FinancePage({ children }: { children: ReactNode }) {
  return <MemberPage>{children}</MemberPage>;
}
