import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { fakeApi } from '../test/fakeApi';
import { staffSession } from '../test/sessions';
import { dataProvider } from './dataProvider';
import { BRAND_KEY, remember } from './session';

const listParams = (change = {}) => ({
  pagination: { page: 1, perPage: 25 },
  sort: { field: 'registeredAt', order: 'DESC' as const },
  filter: {},
  ...change,
});

describe('lists', () => {
  it("asks the chosen brand's members with the contract's paging, sorting and filters", async () => {
    remember(staffSession());
    window.localStorage.setItem(BRAND_KEY, 'demo-ph');
    const sent = fakeApi({
      'GET /bo/api/brands/demo-ph/members': { value: { items: [{ id: 3, username: 'ann' }], total: 61, page: 3, pageSize: 25 } },
    });
    const page = await dataProvider.getList(
      'members',
      listParams({ pagination: { page: 3, perPage: 25 }, filter: { q: 'ann', status: 'frozen', label: '' } }),
    );
    expect(page).toEqual({ data: [{ id: 3, username: 'ann' }], total: 61 });
    expect(Object.fromEntries(sent[0].query)).toEqual({
      q: 'ann',
      status: 'frozen',
      page: '3',
      pageSize: '25',
      sort: 'registeredAt',
      order: 'desc',
    });
  });

  it("reads the audit log's entries, for the chosen brand unless a superuser, with moments in RFC 3339", async () => {
    remember(staffSession());
    const sent = fakeApi({ 'GET /bo/api/audit': { value: { entries: [{ id: 1, action: 'login' }], total: 1, page: 1, pageSize: 50 } } });
    const from = '2026-11-27T10:00';
    const page = await dataProvider.getList('audit', listParams({ filter: { staff: 'dana', from } }));
    expect(page.data).toEqual([{ id: 1, action: 'login' }]);
    const query = Object.fromEntries(sent[0].query);
    expect(query).toMatchObject({ brand: 'demo-bd', staff: 'dana', from: new Date(from).toISOString() });
    expect(query).not.toHaveProperty('sort'); // the audit log has one order: newest first

    remember(staffSession({ superuser: true }));
    await dataProvider.getList('audit', listParams());
    expect(sent[1].query.has('brand')).toBe(false);
  });

  it('fetches an export of 1000 as pages of at most 200, until the total', async () => {
    remember(staffSession());
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/members': ({ query }) => {
        const page = Number(query.get('page'));
        const size = Number(query.get('pageSize'));
        const count = Math.max(0, Math.min(size, 450 - (page - 1) * size));
        return { value: { items: Array.from({ length: count }, (_, i) => ({ id: (page - 1) * size + i })), total: 450, page, pageSize: size } };
      },
    });
    const page = await dataProvider.getList('members', listParams({ pagination: { page: 1, perPage: 1000 } }));
    expect(sent.map((call) => [call.query.get('page'), call.query.get('pageSize')])).toEqual([
      ['1', '200'],
      ['2', '200'],
      ['3', '200'],
    ]);
    expect(page.data).toHaveLength(450);
    expect(page.total).toBe(450);
  });

  it("lists a member's ledger under the member", async () => {
    remember(staffSession());
    const sent = fakeApi({ 'GET /bo/api/brands/demo-bd/members/12/ledger': { value: { items: [], total: 0, page: 2, pageSize: 25 } } });
    await dataProvider.getManyReference('ledger', {
      target: 'memberId',
      id: 12,
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(Object.fromEntries(sent[0].query)).toEqual({ page: '2', pageSize: '25' });
  });
});

describe('writes', () => {
  it("carry the session's CSRF token, and a 202 tells the action waits for a second approver", async () => {
    remember(staffSession());
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/members/5': { value: { id: 5 } },
      'POST /bo/api/brands/demo-bd/withdrawals/9/approve': { status: 202, value: { approval: { id: 4 } } },
    });
    await dataProvider.getOne('members', { id: 5 });
    const answer = await dataProvider.act('/withdrawals/9/approve', { remark: 'checked' });
    expect(answer).toEqual({ status: 202, value: { approval: { id: 4 } } });
    expect(sent[0].headers).not.toHaveProperty('X-CSRF-Token');
    expect(sent[1].headers['X-CSRF-Token']).toBe('csrf-of-the-session');
    expect(sent[1].body).toEqual({ remark: 'checked' });
  });

  it("add a note to the member it names", async () => {
    remember(staffSession());
    const sent = fakeApi({ 'POST /bo/api/brands/demo-bd/members/5/notes': { value: { id: 31, text: 'called' } } });
    const created = await dataProvider.create('notes', { data: { memberId: 5, text: 'called' } });
    expect(created.data).toMatchObject({ id: 31 });
    expect(sent[0].body).toEqual({ text: 'called' });
  });
});

describe("the brand's content, reports and jobs", () => {
  const content = { session: () => remember(staffSession({}, [{ slug: 'demo-bd', name: 'Demo BD', roles: [], permissions: ['content.publish'], languages: ['bn', 'en'], timeZone: 'Asia/Dhaka' }])) };

  it('names announcements and banners by their key, and changes or removes one by it', async () => {
    content.session();
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/announcements': { value: { items: [{ key: 'welcome', type: 'PL' }], total: 1, page: 1, pageSize: 25 } },
      'PUT /bo/api/brands/demo-bd/announcements/sale%20week': ({ body }) => ({ value: { key: 'sale week', ...(body as object) } }),
      'DELETE /bo/api/brands/demo-bd/banners/b1': { value: null },
    });
    expect((await dataProvider.getList('announcements', listParams())).data).toEqual([{ id: 'welcome', key: 'welcome', type: 'PL' }]);
    const body = { type: 'PU', texts: { en: { title: 'Sale', content: 'All week' } }, startsAt: '2026-11-27T00:00:00.000Z' };
    const changed = await dataProvider.update('announcements', { id: 'sale week', data: body, previousData: { id: 'sale week' } });
    expect(changed.data).toMatchObject({ id: 'sale week', type: 'PU' });
    expect(sent[1].body).toEqual(body);
    expect(sent[1].headers['X-CSRF-Token']).toBe('csrf-of-the-session');
    await dataProvider.delete('banners', { id: 'b1', previousData: { id: 'b1', key: 'b1' } });
    expect(sent[2].method).toBe('DELETE');
  });

  it('finds one banner in the brand\'s list (no call reads one), and pages the whole list here', async () => {
    content.session();
    const banners = Array.from({ length: 30 }, (_, i) => ({ key: `b${i}`, group: 'home' }));
    const sent = fakeApi({ 'GET /bo/api/brands/demo-bd/banners': { value: { items: banners } } });
    expect((await dataProvider.getOne('banners', { id: 'b7' })).data).toEqual({ id: 'b7', key: 'b7', group: 'home' });
    const page = await dataProvider.getList('banners', listParams({ pagination: { page: 2, perPage: 25 }, filter: { group: 'home' } }));
    expect(page.total).toBe(30);
    expect(page.data.map((banner) => banner.id)).toEqual(['b25', 'b26', 'b27', 'b28', 'b29']);
    expect(Object.fromEntries(sent[1].query)).toEqual({ group: 'home' });
  });

  it("asks the member report for the brand's days as they are, sorted", async () => {
    remember(staffSession());
    const sent = fakeApi({
      'GET /bo/api/brands/demo-bd/reports/members': { value: { items: [{ memberId: 5, username: 'ann' }], total: 1, page: 1, pageSize: 25 } },
    });
    const page = await dataProvider.getList(
      'memberReport',
      listParams({ sort: { field: 'ngr', order: 'ASC' }, filter: { from: '2026-11-01', to: '2026-11-27' } }),
    );
    expect(page.data).toEqual([{ id: 5, memberId: 5, username: 'ann' }]);
    expect(Object.fromEntries(sent[0].query)).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
      sort: 'ngr',
      order: 'asc',
      page: '1',
      pageSize: '25',
    });
  });
});

describe('refusals', () => {
  it("become HttpErrors with the API's message, status and code", async () => {
    remember(staffSession());
    fakeApi({
      'PUT /bo/api/brands/demo-bd/members/5/status': {
        status: 403,
        code: 'permission_denied',
        message: 'You do not have the permission member.edit on this brand.',
      },
    });
    const refused = await dataProvider.act('/members/5/status', { status: 'frozen', reason: 'x' }, 'PUT').catch((e) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused.message).toBe('You do not have the permission member.edit on this brand.');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('permission_denied');
  });
});
