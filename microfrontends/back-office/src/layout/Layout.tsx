// The back office's frame: react-admin's responsive layout (a drawer on phones), the menu of the
// pages the chosen brand's permissions allow, the staff member with logout, and the brand switcher.
import { Fragment, type ReactNode } from 'react';
import { ListSubheader } from '@mui/material';
import { AppBar, Layout as RaLayout, Menu as RaMenu, TitlePortal, useSidebarState, useTranslate } from 'react-admin';
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
import StorefrontIcon from '@mui/icons-material/Storefront';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import FeedbackIcon from '@mui/icons-material/Feedback';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import VpnLockIcon from '@mui/icons-material/VpnLock';
import SettingsIcon from '@mui/icons-material/Settings';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import EventNoteIcon from '@mui/icons-material/EventNote';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { mayUse } from '../permissions';
import { useStaffSession } from '../session';
import { BrandSwitcher } from './BrandSwitcher';

/** A page of the menu; those of a group follow each other under its heading. */
interface MenuPage {
  resource: string;
  icon: ReactNode;
  group?: 'lottery';
}

/** The menu, in the order a brand's day needs it: money, reports, games, the lottery, content, the team and settings, records. */
export const PAGES: MenuPage[] = [
  { resource: 'members', icon: <PeopleIcon /> },
  { resource: 'deposits', icon: <SavingsIcon /> },
  { resource: 'withdrawals', icon: <PaymentsIcon /> },
  { resource: 'approvals', icon: <ApprovalIcon /> },
  { resource: 'paymentChannels', icon: <AccountBalanceIcon /> },
  { resource: 'paymentNotifications', icon: <NotificationImportantIcon /> },
  { resource: 'reports', icon: <AssessmentIcon /> },
  { resource: 'gameVendors', icon: <StorefrontIcon /> },
  { resource: 'games', icon: <SportsEsportsIcon /> },
  { resource: 'vendorWallets', icon: <AccountBalanceWalletIcon /> },
  { resource: 'lotteryDraws', icon: <ConfirmationNumberIcon />, group: 'lottery' },
  { resource: 'lotteryGames', icon: <EventNoteIcon />, group: 'lottery' },
  { resource: 'lotteryBook', icon: <PriceChangeIcon />, group: 'lottery' },
  { resource: 'announcements', icon: <CampaignIcon /> },
  { resource: 'banners', icon: <ViewCarouselIcon /> },
  { resource: 'help-articles', icon: <HelpCenterIcon /> },
  { resource: 'customer-service', icon: <SupportAgentIcon /> },
  { resource: 'feedback', icon: <FeedbackIcon /> },
  { resource: 'team', icon: <ManageAccountsIcon /> },
  { resource: 'roles', icon: <AdminPanelSettingsIcon /> },
  { resource: 'allowedNetworks', icon: <VpnLockIcon /> },
  { resource: 'settings', icon: <SettingsIcon /> },
  { resource: 'audit', icon: <HistoryIcon /> },
  { resource: 'jobs', icon: <ScheduleIcon /> },
  { resource: 'jobRuns', icon: <ListAltIcon /> },
];

export function Menu() {
  const translate = useTranslate();
  const { session } = useStaffSession(); // re-drawn when the brand changes
  const [open] = useSidebarState();
  const pages = PAGES.filter(({ resource }) => mayUse(resource, session));
  return (
    <RaMenu>
      {mayUse('dashboard', session) ? <RaMenu.DashboardItem /> : null}
      {pages.map(({ resource, icon, group }, index) => (
        <Fragment key={resource}>
          {open && group && group !== pages[index - 1]?.group ? (
            <ListSubheader disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
              {translate(`tessera.menu.${group}`)}
            </ListSubheader>
          ) : null}
          <RaMenu.Item to={`/${resource}`} primaryText={translate(`resources.${resource}.name`, { smart_count: 2 })} leftIcon={icon} />
        </Fragment>
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
    // react-admin lets its layout grow as wide as its content; here a wide table scrolls in its own
    // container instead, so a phone's page stays as wide as the phone.
    <RaLayout appBar={BackOfficeAppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </RaLayout>
  );
}
