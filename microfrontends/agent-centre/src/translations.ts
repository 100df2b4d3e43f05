import i18next from 'i18next';

export const NAMESPACE = 'agentCentre';

const en = {
  coming_soon: 'Coming soon',
  coming_soon_info: 'This page is on its way. Please check back later.',
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
  coming_soon: 'শীঘ্রই আসছে',
  coming_soon_info: 'এই পৃষ্ঠাটি তৈরি হচ্ছে। অনুগ্রহ করে পরে আবার দেখুন।',
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

export function registerTranslations(): void {
  i18next.addResourceBundle('en', NAMESPACE, en, true, false);
  i18next.addResourceBundle('bn', NAMESPACE, bn, true, false);
}
