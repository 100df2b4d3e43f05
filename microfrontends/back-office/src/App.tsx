// The back office: react-admin over the back-office API, its pages those the staff member's
// permissions on the chosen brand allow. Each page is a chunk of its own, fetched when first opened
// (react-admin's layout shows its loading indicator meanwhile).
import { lazy } from 'react';
import { Admin, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { theme } from './theme';

const MemberList = lazy(() => import('./members/MemberList').then((m) => ({ default: m.MemberList })));
const MemberShow = lazy(() => import('./members/MemberShow').then((m) => ({ default: m.MemberShow })));
const DepositList = lazy(() => import('./payments/DepositList').then((m) => ({ default: m.DepositList })));
const WithdrawalList = lazy(() => import('./payments/WithdrawalList').then((m) => ({ default: m.WithdrawalList })));
const ApprovalList = lazy(() => import('./approvals/ApprovalList').then((m) => ({ default: m.ApprovalList })));
const AuditList = lazy(() => import('./audit/AuditList').then((m) => ({ default: m.AuditList })));

export function App() {
  return (
    <Admin
      title="tessera.title"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="members" list={MemberList} show={MemberShow} recordRepresentation="username" />
      <Resource name="deposits" list={DepositList} />
      <Resource name="withdrawals" list={WithdrawalList} />
      <Resource name="approvals" list={ApprovalList} />
      <Resource name="audit" list={AuditList} />
    </Admin>
  );
}
