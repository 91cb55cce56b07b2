import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Result, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ActionsPage } from '../features/cashier/actions-page.tsx';
import { AdjustPage } from '../features/cashier/adjust-page.tsx';
import { AdjustRequestsPage } from '../features/cashier/adjust-requests-page.tsx';
import { ChannelsPage } from '../features/cashier/channels-page.tsx';
import { DepositsPage } from '../features/cashier/deposits-page.tsx';
import { CashierSettingsPage } from '../features/cashier/settings-page.tsx';
import { TurnoverAuditPage } from '../features/cashier/turnover-audit-page.tsx';
import { WithdrawalsPage } from '../features/cashier/withdrawals-page.tsx';
import { ChatLogPage } from '../features/chat/log-page.tsx';
import { ChatModerationPage } from '../features/chat/moderation-page.tsx';
import { ChatRoomsPage } from '../features/chat/rooms-page.tsx';
import { ChatSettingsPage } from '../features/chat/settings-page.tsx';
import { DailyMoneyReportPage } from '../features/dashboard/daily-money-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { LotteryDrawsPage } from '../features/lottery/draws-page.tsx';
import { LotteryGamesPage } from '../features/lottery/games-page.tsx';
import { LotteryLiabilityPage } from '../features/lottery/liability-page.tsx';
import { LotteryTicketsPage } from '../features/lottery/tickets-page.tsx';
import { MemberDetailPage } from '../features/member/member-detail-page.tsx';
import { MembersPage } from '../features/member/members-page.tsx';
import { BlocksPage } from '../features/risk/blocks-page.tsx';
import { IdentityReviewPage } from '../features/risk/identity-review-page.tsx';
import { LinkedAccountsPage } from '../features/risk/linked-accounts-page.tsx';
import { MemberLoginsPage } from '../features/risk/member-logins-page.tsx';
import { AdsPage } from '../features/site/ads-page.tsx';
import { IconsPage } from '../features/site/icons-page.tsx';
import { NamingPage } from '../features/site/naming-page.tsx';
import { NoticesPage } from '../features/site/notices-page.tsx';
import { SiteSettingsPage } from '../features/site/settings-page.tsx';
import { SportsbookBetsPage } from '../features/sportsbook/bets-page.tsx';
import { SportsbookLiabilityPage } from '../features/sportsbook/liability-page.tsx';
import { SportsbookMatchesPage } from '../features/sportsbook/matches-page.tsx';
import { SportsbookReceivablesPage } from '../features/sportsbook/receivables-page.tsx';
import { SportsbookSettingsPage } from '../features/sportsbook/settings-page.tsx';
import { AuditPage } from '../features/system/audit-page.tsx';
import { OutboxPage } from '../features/system/outbox-page.tsx';
import { StaffPage } from '../features/system/staff-page.tsx';
import { BetsPage } from '../features/venue/bets-page.tsx';
import { VenueLaunchesPage } from '../features/venue/launches-page.tsx';
import { SeamlessPage } from '../features/venue/seamless-page.tsx';
import { VenuesPage } from '../features/venue/venues-page.tsx';
import { useOperator } from '../lib/use-session.ts';
import { ConsoleLayout } from './layout.tsx';
import { homePath, type MenuPageKey, memberDetailPath, menuSections } from './menu.ts';

const pageElements = {
  dashboard: <DashboardPage />,
  dailyMoney: <DailyMoneyReportPage />,
  members: <MembersPage />,
  deposits: <DepositsPage />,
  withdrawals: <WithdrawalsPage />,
  adjust: <AdjustPage />,
  adjustRequests: <AdjustRequestsPage />,
  actions: <ActionsPage />,
  turnoverAudit: <TurnoverAuditPage />,
  depositChannels: <ChannelsPage />,
  cashierSettings: <CashierSettingsPage />,
  blocks: <BlocksPage />,
  memberLogins: <MemberLoginsPage />,
  identityReview: <IdentityReviewPage />,
  linkedAccounts: <LinkedAccountsPage />,
  siteSettings: <SiteSettingsPage />,
  notices: <NoticesPage />,
  ads: <AdsPage />,
  icons: <IconsPage />,
  naming: <NamingPage />,
  chatRooms: <ChatRoomsPage />,
  chatModeration: <ChatModerationPage />,
  chatLog: <ChatLogPage />,
  chatSettings: <ChatSettingsPage />,
  venues: <VenuesPage />,
  venueLaunches: <VenueLaunchesPage />,
  bets: <BetsPage />,
  seamless: <SeamlessPage />,
  lotteryGames: <LotteryGamesPage />,
  lotteryDraws: <LotteryDrawsPage />,
  lotteryLiability: <LotteryLiabilityPage />,
  lotteryTickets: <LotteryTicketsPage />,
  sportsbookMatches: <SportsbookMatchesPage />,
  sportsbookBets: <SportsbookBetsPage />,
  sportsbookLiability: <SportsbookLiabilityPage />,
  sportsbookReceivables: <SportsbookReceivablesPage />,
  sportsbookSettings: <SportsbookSettingsPage />,
  staff: <StaffPage />,
  audit: <AuditPage />,
  outbox: <OutboxPage />,
} satisfies Record<MenuPageKey, React.ReactNode>;

const noAccess = (
  <Result
    status="403"
    title="无权访问"
    subTitle={<span className="console-result-text">您的角色没有此页面的权限，请联系超级管理员。</span>}
  />
);

/** The console's pages; signed out, every path shows the login page and comes back after. */
export function AppRoutes() {
  const operator = useOperator();
  if (!operator) {
    return (
      <Routes>
        <Route path="*" element={<LoginPage />} />
      </Routes>
    );
  }
  const home = homePath(operator.permissions);
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        {menuSections.flatMap((section) =>
          section.pages.map((page) => (
            <Route
              key={page.key}
              path={page.path}
              element={operator.permissions.includes(page.permission) ? pageElements[page.key] : noAccess}
            />
          )),
        )}
        <Route
          path={memberDetailPath}
          element={operator.permissions.includes('member.read') ? <MemberDetailPage /> : noAccess}
        />
        <Route path="*" element={home ? <Navigate to={home} replace /> : noAccess} />
      </Route>
    </Routes>
  );
}

/**
 * antd's default blue and red read at about 4:1 and 3:1 on white, under WCAG AA's 4.5:1 for the
 * links, buttons and tags that carry text: the next darker shades of the same palettes pass. Its
 * description grey (3.4:1) is kept off readable text instead (theme.css, login.css), and the
 * inputs' character counters (输入框的 0 / 200) take the darker grey of readable text.
 */
const theme: ThemeConfig = {
  token: { colorPrimary: '#0958d9', colorError: '#cf1322', colorLink: '#0958d9' },
  components: { Input: { colorTextDescription: 'rgb(0 0 0 / 65%)' } },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { mutations: { retry: false }, queries: { retry: false } } });
}

export function AppProviders(props: { client: QueryClient; children: React.ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={props.client}>{props.children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
