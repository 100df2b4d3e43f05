import { addPageTranslations } from '@tessera/kit';

export const NAMESPACE = 'agentCentre';

const en = {
  agentAnnouncement: 'Announcement',
  agentTeamOverview: 'Overview',
  registerCenter: 'Account registration',
  downlineManagmentView: 'Team management',
  personalHistoryCopy: 'Team betting',
  palStatementsAgentCopy: 'User profit and loss',
  agentRevenueReport: 'My income',
  agentDownlineTransactionDetailsCopy: 'Transaction details',
  agentDividendRecordCopy2: 'Dividend',
  agentDailyWages2: 'Daily salary',
  agentHourSalary: 'Hourly salary',
  agentRealtimeSalary: 'Real-time salary',
};

const bn: typeof en = {
  agentAnnouncement: 'ঘোষণা',
  agentTeamOverview: 'সারসংক্ষেপ',
  registerCenter: 'অ্যাকাউন্ট নিবন্ধন',
  downlineManagmentView: 'দল ব্যবস্থাপনা',
  personalHistoryCopy: 'দলের বাজি',
  palStatementsAgentCopy: 'ব্যবহারকারীর লাভ ও ক্ষতি',
  agentRevenueReport: 'আমার আয়',
  agentDownlineTransactionDetailsCopy: 'লেনদেনের বিবরণ',
  agentDividendRecordCopy2: 'লভ্যাংশ',
  agentDailyWages2: 'দৈনিক বেতন',
  agentHourSalary: 'ঘণ্টাভিত্তিক বেতন',
  agentRealtimeSalary: 'রিয়েল-টাইম বেতন',
};

const vi: typeof en = {
  agentAnnouncement: 'Thông báo',
  agentTeamOverview: 'Tổng quan',
  registerCenter: 'Đăng ký tài khoản',
  downlineManagmentView: 'Quản lý đội nhóm',
  personalHistoryCopy: 'Cược của đội nhóm',
  palStatementsAgentCopy: 'Lãi lỗ người dùng',
  agentRevenueReport: 'Thu nhập của tôi',
  agentDownlineTransactionDetailsCopy: 'Chi tiết giao dịch',
  agentDividendRecordCopy2: 'Cổ tức',
  agentDailyWages2: 'Lương ngày',
  agentHourSalary: 'Lương giờ',
  agentRealtimeSalary: 'Lương thời gian thực',
};

export function registerTranslations(): void {
  addPageTranslations(NAMESPACE, { en, bn, vi });
}
