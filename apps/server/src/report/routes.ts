import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { ReportService } from './service.ts';

/** The console's figures, each of the site the caller acts on. */
export function registerReportRoutes(route: RegisterRoute, reports: ReportService) {
  route(routes.adminDashboard, async ({ principal }) => reports.dashboard(principal.siteId));
  route(routes.adminLedgerReconcile, async ({ principal }) => reports.reconcile(principal.siteId));
  route(routes.adminDailyMoney, async ({ body, principal }) => reports.dailyMoney(principal.siteId, body));
}
