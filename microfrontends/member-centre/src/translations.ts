import i18next from 'i18next';

export const NAMESPACE = 'memberCentre';

const en = {
  coming_soon: 'Coming soon',
  coming_soon_info: 'This page is on its way. Please check back later.',
  securityCenter: 'My account',
  transferFund: 'My wallet',
  depositv2: 'Deposit',
  withdraw: 'Withdrawal',
  transferUpline: 'Transfer to upline',
  personalHistoryCopy: 'Betting record',
  transactionHistory: 'Account record',
  personalProfit: 'Personal profit/loss',
  bonusDetails: 'Bonus details',
  rewardCenter: 'Reward center',
  referral: 'Invite friends',
  missionLeaderboard: 'Mission activity',
  messageV2: 'Platform messages',
  manualRebate: 'Manual rebate',
};

const bn: typeof en = {
  coming_soon: 'শীঘ্রই আসছে',
  coming_soon_info: 'এই পৃষ্ঠাটি তৈরি হচ্ছে। অনুগ্রহ করে পরে আবার দেখুন।',
  securityCenter: 'আমার অ্যাকাউন্ট',
  transferFund: 'আমার ওয়ালেট',
  depositv2: 'জমা',
  withdraw: 'উত্তোলন',
  transferUpline: 'আপলাইনে স্থানান্তর',
  personalHistoryCopy: 'বাজির রেকর্ড',
  transactionHistory: 'অ্যাকাউন্ট রেকর্ড',
  personalProfit: 'ব্যক্তিগত লাভ/ক্ষতি',
  bonusDetails: 'বোনাসের বিবরণ',
  rewardCenter: 'পুরস্কার কেন্দ্র',
  referral: 'বন্ধুদের আমন্ত্রণ',
  missionLeaderboard: 'মিশন কার্যক্রম',
  messageV2: 'প্ল্যাটফর্ম বার্তা',
  manualRebate: 'ম্যানুয়াল রিবেট',
};

export function registerTranslations(): void {
  i18next.addResourceBundle('en', NAMESPACE, en, true, false);
  i18next.addResourceBundle('bn', NAMESPACE, bn, true, false);
}
