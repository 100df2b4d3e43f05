// The back office's frame: react-admin's responsive layout (a drawer on phones), the menu of the
// pages the chosen brand's permissions allow, the staff member with logout, and the brand switcher.
import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, Menu as RaMenu, TitlePortal, useTranslate } from 'react-admin';
import ApprovalIcon from '@mui/icons-material/Approval';
import HistoryIcon from '@mui/icons-material/History';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import SavingsIcon from '@mui/icons-material/Savings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CampaignIcon from '@mui/icons-material/Campaign';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import ScheduleIcon from '@mui/icons-material/Schedule';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import VpnLockIcon from '@mui/icons-material/VpnLock';
import SettingsIcon from '@mui/icons-material/Settings';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import { mayUse } from '../permissions';
import { useStaffSession } from '../session';
import { BrandSwitcher } from './BrandSwitcher';

export const PAGES = [
  { resource: 'members', icon: <PeopleIcon /> },
  { resource: 'deposits', icon: <SavingsIcon /> },
  { resource: 'withdrawals', icon: <PaymentsIcon /> },
  { resource: 'approvals', icon: <ApprovalIcon /> },
  { resource: 'audit', icon: <HistoryIcon /> },
  { resource: 'reports', icon: <AssessmentIcon /> },
  { resource: 'announcements', icon: <CampaignIcon /> },
  { resource: 'banners', icon: <ViewCarouselIcon /> },
  { resource: 'jobs', icon: <ScheduleIcon /> },
  { resource: 'jobRuns', icon: <ListAltIcon /> },
  { resource: 'paymentChannels', icon: <AccountBalanceIcon /> },
  { resource: 'paymentNotifications', icon: <NotificationImportantIcon /> },
  { resource: 'team', icon: <ManageAccountsIcon /> },
  { resource: 'roles', icon: <AdminPanelSettingsIcon /> },
  { resource: 'allowedNetworks', icon: <VpnLockIcon /> },
  { resource: 'settings', icon: <SettingsIcon /> },
];

export function Menu() {
  const translate = useTranslate();
  const { session } = useStaffSession(); // re-drawn when the brand changes
  return (
    <RaMenu>
      {mayUse('dashboard', session) ? <RaMenu.DashboardItem /> : null}
      {PAGES.filter(({ resource }) => mayUse(resource, session)).map(({ resource, icon }) => (
        <RaMenu.Item
          key={resource}
          to={`/${resource}`}
          primaryText={translate(`resources.${resource}.name`, { smart_count: 2 })}
          leftIcon={icon}
        />
      ))}
    </RaMenu>
  );
}

function BackOfficeAppBar() {
  return (
    <AppBar>
      <TitlePortal />
      <BrandSwitcher />
    </AppBar>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={BackOfficeAppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
}
