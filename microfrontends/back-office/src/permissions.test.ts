import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staffSession } from '../test/sessions';
import { PAGES } from './layout/Layout';
import { Permission, mayUse } from './permissions';
import { BRAND_KEY, remember } from './session';

const menu = () => PAGES.map(({ resource }) => resource).filter((resource) => mayUse(resource));

describe('the menu', () => {
  it("holds the pages the staff member's permissions on the chosen brand allow", () => {
    remember(
      staffSession({}, [
        { slug: 'demo-bd', name: 'Demo BD', roles: ['finance'], permissions: ['report.read', 'jobs.read'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' },
        { slug: 'demo-ph', name: 'Demo PH', roles: ['content'], permissions: ['content.publish'], languages: ['en', 'fil'], timeZone: 'Asia/Manila' },
      ]),
    );
    expect(menu()).toEqual(['reports', 'jobs', 'jobRuns']);
    expect(mayUse('dashboard')).toBe(true);
    window.localStorage.setItem(BRAND_KEY, 'demo-ph');
    expect(menu()).toEqual(['announcements', 'banners', 'help-articles', 'customer-service']);
    expect(mayUse('dashboard')).toBe(false);
  });

  it('holds the games pages for games.manage and the feedback for feedback.reply', () => {
    remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: ['desk'], permissions: ['games.manage', 'feedback.reply'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }]));
    expect(menu()).toEqual(['gameVendors', 'games', 'vendorWallets', 'feedback']);
  });
});

describe('the lottery pages', () => {
  const holding = (permissions: string[]) =>
    remember(staffSession({}, [{ slug: 'demo-vn', name: 'Demo VN', roles: ['lottery'], permissions, languages: ['vi', 'en'], timeZone: 'Asia/Ho_Chi_Minh' }]));

  it('show for lottery.read after the games, the approvals for lottery.results, none without them', () => {
    holding(['games.manage', 'lottery.read', 'content.publish']);
    expect(menu()).toEqual(['gameVendors', 'games', 'vendorWallets', 'lotteryDraws', 'lotteryGames', 'lotteryBook', 'announcements', 'banners', 'help-articles', 'customer-service']);
    expect(PAGES.filter(({ group }) => group === 'lottery').map(({ resource }) => resource)).toEqual(['lotteryDraws', 'lotteryGames', 'lotteryBook']);
    holding(['lottery.results']);
    expect(menu()).toEqual(['approvals']);
    holding(['lottery.manage']);
    expect(menu()).toEqual([]);
    holding(['member.read']);
    expect(['lotteryDraws', 'lotteryGames', 'lotteryBook'].some((resource) => mayUse(resource))).toBe(false);
  });
});

describe('the permissions', () => {
  it("are the API's (StaffPermission in the team's contract), every one", () => {
    const contract = readFileSync('platform/tessera/backoffice/team/openapi.yaml', 'utf8');
    const listed = /StaffPermission:\s+type: string\s+enum: \[([^\]]+)\]/.exec(contract);
    expect(listed).not.toBeNull();
    const api = listed![1].split(',').map((name) => name.trim());
    expect(Object.values(Permission).sort()).toEqual(api.sort());
  });
});
