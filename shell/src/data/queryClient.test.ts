import { describe, expect, test } from 'vitest';
import { TEST_BOOTSTRAP, statusOf } from '../../test/fixtures';
import { gameMenusKey, noticesKey } from './content';
import { createQueryClient } from './queryClient';
import { statusKey } from './status';

const NOTICES = { player: [], banners: [], popup: [], promotion: [], help: [] };
const MENUS = [{ gameCategory: 'RNG', title: 'Slots', cards: [{ vassalage: 'DEMO', displayName: 'Demo', gameType: 'RNG', isHot: true, smallIcon: null }] }];
const PAGE = { ...TEST_BOOTSTRAP, language: 'en', initial: { status: statusOf(), notices: NOTICES, gameMenus: MENUS } };

describe('createQueryClient', () => {
  test('starts with the answers the page came with, in its language', () => {
    const client = createQueryClient(PAGE, 'en');
    expect(client.getQueryData(statusKey('en'))).toEqual(statusOf());
    expect(client.getQueryData(noticesKey('en'))).toEqual(NOTICES);
    expect(client.getQueryData(gameMenusKey('en'))).toEqual(MENUS);
  });

  test('asks again when the shell shows another language than the page was rendered in', () => {
    const client = createQueryClient(PAGE, 'bn');
    expect(client.getQueryData(statusKey('bn'))).toBeUndefined();
    expect(client.getQueryData(statusKey('en'))).toBeUndefined();
    expect(client.getQueryData(gameMenusKey('bn'))).toBeUndefined();
  });
});
