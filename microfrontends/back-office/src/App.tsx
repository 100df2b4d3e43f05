// The back office: react-admin over the back-office API, its pages those the staff member's
// permissions on the chosen brand allow. Each page is a chunk of its own, fetched when first opened
// (react-admin's layout shows its loading indicator meanwhile).
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
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
const Dashboard = lazy(() => import('./dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));
const Reports = lazy(() => import('./reports/Reports').then((m) => ({ default: m.Reports })));
const AnnouncementList = lazy(() => import('./content/AnnouncementList').then((m) => ({ default: m.AnnouncementList })));
const AnnouncementCreate = lazy(() => import('./content/AnnouncementPages').then((m) => ({ default: m.AnnouncementCreate })));
const AnnouncementEdit = lazy(() => import('./content/AnnouncementPages').then((m) => ({ default: m.AnnouncementEdit })));
const AnnouncementShow = lazy(() => import('./content/AnnouncementPages').then((m) => ({ default: m.AnnouncementShow })));
const BannerList = lazy(() => import('./content/BannerList').then((m) => ({ default: m.BannerList })));
const BannerCreate = lazy(() => import('./content/BannerPages').then((m) => ({ default: m.BannerCreate })));
const BannerEdit = lazy(() => import('./content/BannerPages').then((m) => ({ default: m.BannerEdit })));
const BannerShow = lazy(() => import('./content/BannerPages').then((m) => ({ default: m.BannerShow })));
const JobList = lazy(() => import('./jobs/JobList').then((m) => ({ default: m.JobList })));
const JobRunList = lazy(() => import('./jobs/JobRunList').then((m) => ({ default: m.JobRunList })));
const GameVendorList = lazy(() => import('./games/GameVendorList').then((m) => ({ default: m.GameVendorList })));
const GameList = lazy(() => import('./games/GameList').then((m) => ({ default: m.GameList })));
const DrawList = lazy(() => import('./lottery/DrawList').then((m) => ({ default: m.DrawList })));
const DrawShow = lazy(() => import('./lottery/DrawShow').then((m) => ({ default: m.DrawShow })));
const LotteryGameList = lazy(() => import('./lottery/LotteryGameList').then((m) => ({ default: m.LotteryGameList })));
const LotteryBook = lazy(() => import('./lottery/LotteryBook').then((m) => ({ default: m.LotteryBook })));
const VendorWalletList = lazy(() => import('./games/VendorWalletList').then((m) => ({ default: m.VendorWalletList })));
const HelpArticleList = lazy(() => import('./help/HelpArticleList').then((m) => ({ default: m.HelpArticleList })));
const HelpArticleCreate = lazy(() => import('./help/HelpArticlePages').then((m) => ({ default: m.HelpArticleCreate })));
const HelpArticleEdit = lazy(() => import('./help/HelpArticlePages').then((m) => ({ default: m.HelpArticleEdit })));
const CustomerServiceList = lazy(() => import('./help/CustomerServiceList').then((m) => ({ default: m.CustomerServiceList })));
const CustomerServiceCreate = lazy(() => import('./help/CustomerServicePages').then((m) => ({ default: m.CustomerServiceCreate })));
const CustomerServiceEdit = lazy(() => import('./help/CustomerServicePages').then((m) => ({ default: m.CustomerServiceEdit })));
const FeedbackList = lazy(() => import('./feedback/FeedbackList').then((m) => ({ default: m.FeedbackList })));
const FeedbackShow = lazy(() => import('./feedback/FeedbackShow').then((m) => ({ default: m.FeedbackShow })));
const TeamList = lazy(() => import('./team/TeamList').then((m) => ({ default: m.TeamList })));
const TeamShow = lazy(() => import('./team/TeamShow').then((m) => ({ default: m.TeamShow })));
const TeamInvite = lazy(() => import('./team/TeamInvite').then((m) => ({ default: m.TeamInvite })));
const RoleList = lazy(() => import('./team/RoleList').then((m) => ({ default: m.RoleList })));
const AllowedNetworks = lazy(() => import('./settings/AllowedNetworks').then((m) => ({ default: m.AllowedNetworks })));
const BrandSettings = lazy(() => import('./settings/BrandSettings').then((m) => ({ default: m.BrandSettings })));
const ChannelList = lazy(() => import('./payments/channels/ChannelList').then((m) => ({ default: m.ChannelList })));
const NotificationList = lazy(() => import('./payments/channels/NotificationList').then((m) => ({ default: m.NotificationList })));

export function App() {
  return (
    <Admin
      title="tessera.title"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={Dashboard}
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
      <Resource name="announcements" list={AnnouncementList} create={AnnouncementCreate} edit={AnnouncementEdit} show={AnnouncementShow} />
      <Resource name="banners" list={BannerList} create={BannerCreate} edit={BannerEdit} show={BannerShow} />
      <Resource name="jobs" list={JobList} />
      <Resource name="jobRuns" list={JobRunList} />
      <Resource name="gameVendors" list={GameVendorList} recordRepresentation="displayName" />
      <Resource name="games" list={GameList} recordRepresentation="displayName" />
      <Resource name="vendorWallets" list={VendorWalletList} />
      <Resource name="lotteryDraws" list={DrawList} show={DrawShow} />
      <Resource name="lotteryGames" list={LotteryGameList} recordRepresentation="name" />
      <Resource name="help-articles" list={HelpArticleList} create={HelpArticleCreate} edit={HelpArticleEdit} />
      <Resource name="customer-service" list={CustomerServiceList} create={CustomerServiceCreate} edit={CustomerServiceEdit} />
      <Resource name="feedback" list={FeedbackList} show={FeedbackShow} />
      <Resource name="team" list={TeamList} show={TeamShow} create={TeamInvite} recordRepresentation="username" />
      <Resource name="roles" list={RoleList} recordRepresentation="name" />
      <Resource name="paymentChannels" list={ChannelList} recordRepresentation="title" />
      <Resource name="paymentNotifications" list={NotificationList} />
      <Resource name="maintenanceWindows" />
      <CustomRoutes>
        <Route path="/reports" element={<Reports />} />
        <Route path="/allowedNetworks" element={<AllowedNetworks />} />
        <Route path="/settings" element={<BrandSettings />} />
        <Route path="/lotteryBook" element={<LotteryBook />} />
      </CustomRoutes>
    </Admin>
  );
}
