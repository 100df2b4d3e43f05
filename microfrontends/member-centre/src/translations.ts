import { addPageTranslations } from '@tessera/kit';

export const NAMESPACE = 'memberCentre';

const en = {
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
  addPageTranslations(NAMESPACE, { en, bn });
}
