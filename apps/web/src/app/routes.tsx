import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PasswordPage } from '../features/auth/password-page.tsx';
import { RegisterGuidePage } from '../features/auth/register-guide-page.tsx';
import { RegisterPage } from '../features/auth/register-page.tsx';
import { DownloadLandingPage } from '../features/download/download-landing-page.tsx';
import { DownloadPage } from '../features/download/download-page.tsx';
import { AccountFormPage } from '../features/finance/account-form-page.tsx';
import { AccountListPage, WithdrawMethodsPage } from '../features/finance/account-list-page.tsx';
import { accountMethods } from '../features/finance/account-methods.ts';
import { AuditPage } from '../features/finance/audit-page.tsx';
import { BalancePage } from '../features/finance/balance-page.tsx';
import { CurrencyPage, CurrencyRecordPage } from '../features/finance/currency-page.tsx';
import { DepositPage } from '../features/finance/deposit-page.tsx';
import { TransRecordPage } from '../features/finance/trans-record-page.tsx';
import { TransferPage } from '../features/finance/transfer-page.tsx';
import { WalletPage } from '../features/finance/wallet-page.tsx';
import { WithdrawalPage } from '../features/finance/withdrawal-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { AuthenticationPage } from '../features/member/authentication-page.tsx';
import { AddBankCardPage, BindBankCardPage } from '../features/member/bind-bank-card-page.tsx';
import { InfoAuditPage } from '../features/member/info-audit-page.tsx';
import { RealNameGate } from '../features/member/real-name-gate.tsx';
import { UserInfoPage } from '../features/member/user-info-page.tsx';
import { IntroTutorialPage } from '../features/tutorial/intro-tutorial-page.tsx';
import { PlatformTutorialsPage } from '../features/tutorial/platform-tutorials-page.tsx';
import { setKnownPathMatcher } from '../lib/links.ts';
import { messages } from '../lib/messages.ts';
import type { PageHandle } from './layout/page-handle.ts';
import { CustomerServicePage } from './pages/customer-service-page.tsx';
import { RouteErrorPage } from './pages/error-page.tsx';
import { MaintenancePage } from './pages/maintenance-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { RestrictionIpPage } from './pages/restriction-ip-page.tsx';
import { StopServicePage } from './pages/stop-service-page.tsx';
import { Shell } from './shell.tsx';

function page(path: string, element: RouteObject['element'], handle: PageHandle): RouteObject {
  return { path, element, handle };
}

export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage />, handle: { chrome: 'tabs' } satisfies PageHandle },
      page('customer/main', <CustomerServicePage />, { chrome: 'tabs', title: messages.customer.title }),
      page('download', <DownloadPage />, { chrome: 'tabs', title: messages.download.title }),
      page('user/login', <LoginPage />, { chrome: 'back', title: messages.auth.loginTitle }),
      page('user/register', <RegisterPage />, { chrome: 'back', title: messages.auth.registerTitle }),
      page('user/password', <PasswordPage />, { chrome: 'back', title: messages.auth.passwordTitle }),
      page('registerGuide', <RegisterGuidePage />, { chrome: 'back', title: messages.auth.guideTitle }),
      page('mine/userInfo', <UserInfoPage />, { chrome: 'tabs', title: messages.member.userInfoTitle }),
      page('mine/userInfo/authentication', <AuthenticationPage />, {
        chrome: 'back',
        title: messages.identity.title,
      }),
      page('mine/userInfo/authentication/bindBankCard', <BindBankCardPage />, {
        chrome: 'back',
        title: messages.identity.bindCardTitle,
      }),
      page('mine/infoAudit', <InfoAuditPage />, { chrome: 'back', title: messages.identity.auditTitle }),
      page('mine/finance/wallet', <WalletPage />, { chrome: 'back', title: messages.finance.walletTitle }),
      page('mine/balance', <BalancePage />, { chrome: 'back', title: messages.finance.balanceTitle }),
      page('mine/finance/deposit', <DepositPage />, { chrome: 'back', title: messages.finance.depositTitle }),
      page('mine/finance/transfer', <TransferPage />, {
        chrome: 'back',
        title: messages.finance.transferTitle,
      }),
      page('mine/finance/withdrawal', <WithdrawalPage />, {
        chrome: 'back',
        title: messages.finance.withdrawalTitle,
      }),
      page('mine/audit', <AuditPage />, { chrome: 'back', title: messages.finance.auditTitle }),
      page('mine/record/transRecord', <TransRecordPage />, {
        chrome: 'back',
        title: messages.finance.recordsTitle,
      }),
      page('mine/currency', <CurrencyPage />, { chrome: 'back', title: messages.bonus.title }),
      page('mine/record/currencyRecord', <CurrencyRecordPage />, {
        chrome: 'back',
        title: messages.bonus.recordsTitle,
      }),
      page('mine/addBankCard', <AddBankCardPage />, {
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
      page('mine/virtualCoinCard', <WithdrawMethodsPage />, {
        chrome: 'back',
        title: messages.finance.accountsTitle,
      }),
      ...Object.values(accountMethods).flatMap((config) => {
        const name = messages.finance.methodNames[config.method];
        return [
          page(config.addPath.slice(1), <AccountFormPage config={config} Gate={RealNameGate} />, {
            chrome: 'back',
            title: messages.finance.addAccountTitle(name),
          }),
          page(config.listPath.slice(1), <AccountListPage config={config} />, {
            chrome: 'back',
            title: messages.finance.accountListTitle(name),
          }),
        ];
      }),
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
