import { describe, expect, test } from 'vitest';
import { TEST_BOOTSTRAP, statusOf } from '../../test/fixtures';
import { noticesKey } from './content';
import { createQueryClient } from './queryClient';
import { statusKey } from './status';

const NOTICES = { player: [], banners: [], popup: [], promotion: [], help: [] };
const PAGE = { ...TEST_BOOTSTRAP, language: 'en', initial: { status: statusOf(), notices: NOTICES } };

describe('createQueryClient', () => {
  test('starts with the answers the page came with, in its language', () => {
    const client = createQueryClient(PAGE, 'en');
    expect(client.getQueryData(statusKey('en'))).toEqual(statusOf());
    expect(client.getQueryData(noticesKey('en'))).toEqual(NOTICES);
  });

  test('asks again when the shell shows another language than the page was rendered in', () => {
    const client = createQueryClient(PAGE, 'bn');
    expect(client.getQueryData(statusKey('bn'))).toBeUndefined();
    expect(client.getQueryData(statusKey('en'))).toBeUndefined();
  });
});
