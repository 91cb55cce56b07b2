import { gameCategories } from '@site/contract';
import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { accountMethods } from '../features/finance/account-methods.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { setKnownPathMatcher } from '../lib/links.ts';
import { messages } from '../lib/messages.ts';
import { gameCategorySlugs } from '../lib/paths.ts';
import type { PageHandle } from './layout/page-handle.ts';
import { lazyPage } from './lazy-page.tsx';
import { MemberOnly } from './member-only.tsx';
import { RouteErrorPage } from './pages/error-page.tsx';
import { Shell } from './shell.tsx';

// Only the home page ships in the entry chunk; every other page loads when first shown.
// The home page's venue panel and platform counts load after its first paint.
const HomeVenues = lazy(() =>
  import('../features/games/home-venues.tsx').then((module) => ({ default: module.HomeVenues })),
);
const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const PasswordPage = lazyPage(() => import('../features/auth/password-page.tsx').then((m) => m.PasswordPage));
const RegisterGuidePage = lazyPage(() =>
  import('../features/auth/register-guide-page.tsx').then((m) => m.RegisterGuidePage),
);
const RegisterPage = lazyPage(() => import('../features/auth/register-page.tsx').then((m) => m.RegisterPage));
const DownloadLandingPage = lazyPage(() =>
  import('../features/download/download-landing-page.tsx').then((m) => m.DownloadLandingPage),
);
const DownloadPage = lazyPage(() =>
  import('../features/download/download-page.tsx').then((m) => m.DownloadPage),
);
const AccountFormPage = lazyPage(() =>
  import('../features/finance/account-form-page.tsx').then((m) => m.AccountFormPage),
);
const AccountListPage = lazyPage(() =>
  import('../features/finance/account-list-page.tsx').then((m) => m.AccountListPage),
);
const WithdrawMethodsPage = lazyPage(() =>
  import('../features/finance/account-list-page.tsx').then((m) => m.WithdrawMethodsPage),
);
const AuditPage = lazyPage(() => import('../features/finance/audit-page.tsx').then((m) => m.AuditPage));
const BalancePage = lazyPage(() => import('../features/finance/balance-page.tsx').then((m) => m.BalancePage));
const CurrencyPage = lazyPage(() =>
  import('../features/finance/currency-page.tsx').then((m) => m.CurrencyPage),
);
const CurrencyRecordPage = lazyPage(() =>
  import('../features/finance/currency-page.tsx').then((m) => m.CurrencyRecordPage),
);
const DepositPage = lazyPage(() => import('../features/finance/deposit-page.tsx').then((m) => m.DepositPage));
const TransRecordPage = lazyPage(() =>
  import('../features/finance/trans-record-page.tsx').then((m) => m.TransRecordPage),
);
const TransferPage = lazyPage(() =>
  import('../features/finance/transfer-page.tsx').then((m) => m.TransferPage),
);
const WalletPage = lazyPage(() => import('../features/finance/wallet-page.tsx').then((m) => m.WalletPage));
const WithdrawalPage = lazyPage(() =>
  import('../features/finance/withdrawal-page.tsx').then((m) => m.WithdrawalPage),
);
const AuthenticationPage = lazyPage(() =>
  import('../features/member/authentication-page.tsx').then((m) => m.AuthenticationPage),
);
const AddBankCardPage = lazyPage(() =>
  import('../features/member/bind-bank-card-page.tsx').then((m) => m.AddBankCardPage),
);
const BindBankCardPage = lazyPage(() =>
  import('../features/member/bind-bank-card-page.tsx').then((m) => m.BindBankCardPage),
);
const InfoAuditPage = lazyPage(() =>
  import('../features/member/info-audit-page.tsx').then((m) => m.InfoAuditPage),
);
const RealNameGate = lazyPage(() =>
  import('../features/member/real-name-gate.tsx').then((m) => m.RealNameGate),
);
const UserInfoPage = lazyPage(() =>
  import('../features/member/user-info-page.tsx').then((m) => m.UserInfoPage),
);
const GamePage = lazyPage(() => import('../features/games/game-page.tsx').then((m) => m.GamePage));
const VenueFramePage = lazyPage(() =>
  import('../features/games/venue-frame-page.tsx').then((m) => m.VenueFramePage),
);
const BetRecordPage = lazyPage(() =>
  import('../features/games/bet-record-page.tsx').then((m) => m.BetRecordPage),
);
const DemoPage = lazyPage(() => import('../features/games/demo-page.tsx').then((m) => m.DemoPage));
const LotteryHallPage = lazyPage(() =>
  import('../features/lottery/hall-page.tsx').then((m) => m.LotteryHallPage),
);
const LotteryGamePage = lazyPage(() =>
  import('../features/lottery/game-page.tsx').then((m) => m.LotteryGamePage),
);
const LotteryTrendPage = lazyPage(() =>
  import('../features/lottery/trend-page.tsx').then((m) => m.LotteryTrendPage),
);
const LotteryVerifyPage = lazyPage(() =>
  import('../features/lottery/verify-page.tsx').then((m) => m.LotteryVerifyPage),
);
const SportsbookBoardPage = lazyPage(() =>
  import('../features/sportsbook/board-page.tsx').then((m) => m.SportsbookBoardPage),
);
const SportsbookMatchPage = lazyPage(() =>
  import('../features/sportsbook/match-page.tsx').then((m) => m.SportsbookMatchPage),
);
const SportsbookBetsPage = lazyPage(() =>
  import('../features/sportsbook/bets-page.tsx').then((m) => m.SportsbookBetsPage),
);
const ChatPage = lazyPage(() => import('../features/chat/chat-page.tsx').then((m) => m.ChatPage));
const GiftRecordPage = lazyPage(() =>
  import('../features/chat/gift-record-page.tsx').then((m) => m.GiftRecordPage),
);
const MinePage = lazyPage(() => import('../features/mine/mine-page.tsx').then((m) => m.MinePage));
const MailPage = lazyPage(() => import('../features/mine/mail-page.tsx').then((m) => m.MailPage));
const IntroTutorialPage = lazyPage(() =>
  import('../features/tutorial/intro-tutorial-page.tsx').then((m) => m.IntroTutorialPage),
);
const PlatformTutorialsPage = lazyPage(() =>
  import('../features/tutorial/platform-tutorials-page.tsx').then((m) => m.PlatformTutorialsPage),
);
const CustomerServicePage = lazyPage(() =>
  import('./pages/customer-service-page.tsx').then((m) => m.CustomerServicePage),
);
const MaintenancePage = lazyPage(() => import('./pages/maintenance-page.tsx').then((m) => m.MaintenancePage));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page.tsx').then((m) => m.NotFoundPage));
const RestrictionIpPage = lazyPage(() =>
  import('./pages/restriction-ip-page.tsx').then((m) => m.RestrictionIpPage),
);
const StopServicePage = lazyPage(() =>
  import('./pages/stop-service-page.tsx').then((m) => m.StopServicePage),
);

function page(path: string, element: RouteObject['element'], handle: PageHandle): RouteObject {
  return { path, element, handle };
}

/** A page for signed-in members only: visitors go to login first and come back. */
function memberPage(path: string, element: ReactNode, handle: PageHandle): RouteObject {
  return page(path, <MemberOnly>{element}</MemberOnly>, handle);
}

export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        index: true,
        element: <HomePage VenuesPanel={HomeVenues} />,
        handle: { chrome: 'tabs' } satisfies PageHandle,
      },
      page('customer/main', <CustomerServicePage />, { chrome: 'tabs', title: messages.customer.title }),
      page('download', <DownloadPage />, { chrome: 'tabs', title: messages.download.title }),
      page('user/login', <LoginPage />, { chrome: 'back', title: messages.auth.loginTitle }),
      page('user/register', <RegisterPage />, { chrome: 'back', title: messages.auth.registerTitle }),
      page('user/password', <PasswordPage />, { chrome: 'back', title: messages.auth.passwordTitle }),
      memberPage('registerGuide', <RegisterGuidePage />, { chrome: 'back', title: messages.auth.guideTitle }),
      memberPage('chat', <ChatPage />, { chrome: 'back', title: messages.chat.title }),
      page('mine', <MinePage />, { chrome: 'tabs', title: messages.mine.title }),
      page('mine/mail', <MailPage />, { chrome: 'back', title: messages.mine.mailTitle }),
      memberPage('mine/userInfo', <UserInfoPage />, { chrome: 'back', title: messages.member.userInfoTitle }),
      memberPage('mine/userInfo/authentication', <AuthenticationPage />, {
        chrome: 'back',
        title: messages.identity.title,
      }),
      memberPage('mine/userInfo/authentication/bindBankCard', <BindBankCardPage />, {
        chrome: 'back',
        title: messages.identity.bindCardTitle,
      }),
      memberPage('mine/infoAudit', <InfoAuditPage />, {
        chrome: 'back',
        title: messages.identity.auditTitle,
      }),
      memberPage('mine/finance/wallet', <WalletPage />, {
        chrome: 'back',
        title: messages.finance.walletTitle,
      }),
      memberPage('mine/balance', <BalancePage />, { chrome: 'back', title: messages.finance.balanceTitle }),
      memberPage('mine/finance/deposit', <DepositPage />, {
        chrome: 'back',
        title: messages.finance.depositTitle,
      }),
      memberPage('mine/finance/transfer', <TransferPage />, {
        chrome: 'back',
        title: messages.finance.transferTitle,
      }),
      memberPage('mine/finance/withdrawal', <WithdrawalPage />, {
        chrome: 'back',
        title: messages.finance.withdrawalTitle,
      }),
      memberPage('mine/audit', <AuditPage />, { chrome: 'back', title: messages.finance.auditTitle }),
      memberPage('mine/record/transRecord', <TransRecordPage />, {
        chrome: 'back',
        title: messages.finance.recordsTitle,
      }),
      memberPage('mine/currency', <CurrencyPage />, { chrome: 'back', title: messages.bonus.title }),
      memberPage('mine/record/currencyRecord', <CurrencyRecordPage />, {
        chrome: 'back',
        title: messages.bonus.recordsTitle,
      }),
      memberPage('mine/addBankCard', <AddBankCardPage />, {
        chrome: 'back',
        title: messages.finance.addBankCard,
      }),
      page('mine/finance/introTutorial', <IntroTutorialPage />, {
        chrome: 'back',
        title: messages.tutorial.introTitle,
      }),
      page('mine/finance/introTutorial/platformTutorials', <PlatformTutorialsPage />, {
        chrome: 'back',
        title: messages.tutorial.platformTitle,
      }),
      memberPage('mine/virtualCoinCard', <WithdrawMethodsPage />, {
        chrome: 'back',
        title: messages.finance.accountsTitle,
      }),
      ...Object.values(accountMethods).flatMap((config) => {
        const name = messages.finance.methodNames[config.method];
        return [
          memberPage(config.addPath.slice(1), <AccountFormPage config={config} Gate={RealNameGate} />, {
            chrome: 'back',
            title: messages.finance.addAccountTitle(name),
          }),
          memberPage(config.listPath.slice(1), <AccountListPage config={config} />, {
            chrome: 'back',
            title: messages.finance.accountListTitle(name),
          }),
        ];
      }),
      // Our own sportsbook beside the venues of 体育 (football, basketball) and 电竞 (esports).
      ...(['TY', 'DJ'] as const).flatMap((scope) => {
        const title = scope === 'TY' ? messages.sportsbook.sportsTitle : messages.sportsbook.esportsTitle;
        const base = `game/${gameCategorySlugs[scope]}/book`;
        return [
          page(base, <SportsbookBoardPage scope={scope} />, { chrome: 'back', title }),
          page(`${base}/match/:matchId`, <SportsbookMatchPage scope={scope} />, {
            chrome: 'back',
            title: messages.sportsbook.matchTitle,
          }),
          memberPage(`${base}/bets`, <SportsbookBetsPage scope={scope} />, {
            chrome: 'back',
            title: messages.sportsbook.betsTitle,
          }),
        ];
      }),
      // 彩票 is our own lottery hall, not a venue launched into a frame.
      ...gameCategories
        .filter((category) => category !== 'CP')
        .flatMap((category) => [
          page(`game/${gameCategorySlugs[category]}`, <GamePage category={category} />, {
            chrome: 'back',
            title: messages.gameCategories[category],
          }),
          page(`game/${gameCategorySlugs[category]}/:frame`, <VenueFramePage category={category} />, {
            chrome: 'bare',
          }),
        ]),
      page(`game/${gameCategorySlugs.CP}`, <LotteryHallPage />, {
        chrome: 'back',
        title: messages.lottery.hallTitle,
      }),
      page(`game/${gameCategorySlugs.CP}/verify`, <LotteryVerifyPage />, {
        chrome: 'back',
        title: messages.lottery.verifyTitle,
      }),
      page(`game/${gameCategorySlugs.CP}/:gameCode`, <LotteryGamePage />, {
        chrome: 'back',
        title: messages.lottery.gameTitle,
      }),
      page(`game/${gameCategorySlugs.CP}/:gameCode/trend`, <LotteryTrendPage />, {
        chrome: 'back',
        title: messages.lottery.trendTitle,
      }),
      memberPage('mine/record/betRecord', <BetRecordPage />, {
        chrome: 'back',
        title: messages.games.betRecordTitle,
      }),
      memberPage('mine/record/giftRecord', <GiftRecordPage />, {
        chrome: 'back',
        title: messages.chat.giftRecordTitle,
      }),
      page('demo', <DemoPage />, { chrome: 'back', title: messages.games.demoTitle }),
      page('download-page', <DownloadLandingPage />, { chrome: 'bare' }),
      page('other/stopService', <StopServicePage />, { chrome: 'bare' }),
      page('other/maintenance', <MaintenancePage />, { chrome: 'bare' }),
      page('other/restrictionIp', <RestrictionIpPage />, { chrome: 'bare' }),
      page('404', <NotFoundPage />, { chrome: 'back', title: messages.system.notFoundTitle }),
      page('*', <NotFoundPage />, { chrome: 'back', title: messages.system.notFoundTitle }),
    ],
  },
];

/** True for paths a real page answers (not the 404 catch-all). */
export function isKnownPath(path: string): boolean {
  const pathname = new URL(path, 'http://site.invalid').pathname;
  const matches = matchRoutes(appRoutes, pathname);
  return matches !== null && matches.at(-1)?.route.path !== '*';
}

setKnownPathMatcher(isKnownPath);

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
