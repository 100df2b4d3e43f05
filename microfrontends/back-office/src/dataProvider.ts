// react-admin's data provider over the back-office API contract: lists answer
// {items|entries, total, page, pageSize} and take page (1-based), pageSize (at most 200), sort and
// order where sorting makes sense, and their filters; brand-scoped calls live under
// /brands/{brand}/, the brand the staff member chose.
import { HttpError, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { call, type Answer, type Query } from './api';
import { chosenBrand, currentSession } from './session';

export const MAX_PAGE_SIZE = 200;

interface ListShape {
  /** Where the list is, given the brand's slug. */
  path: (brand: string) => string;
  /** Where its items are in the answer. */
  items?: 'items' | 'entries';
  sortable?: boolean;
  /** The brand goes in the query (the audit log), not the path: a filter's, else the chosen one
   * (a superuser, who alone may leave it out, reads the whole log: every brand and the deployment's
   * own entries, such as logins). */
  brandInQuery?: boolean;
  /** The chosen brand always goes in the query (the jobs' runs: a superuser's too). */
  chosenBrandInQuery?: boolean;
  /** The field naming a record, when it is not ``id`` (a content item's key, a job's name). */
  id?: string;
  /** The whole list in one answer ({items}, no paging): paged here. */
  unpaged?: boolean;
  /** ``from`` and ``to`` are the brand's days (YYYY-MM-DD), sent as they are. */
  days?: boolean;
}

const LISTS: Record<string, ListShape> = {
  audit: { path: () => '/audit', items: 'entries', brandInQuery: true },
  members: { path: (brand) => `/brands/${brand}/members`, sortable: true },
  deposits: { path: (brand) => `/brands/${brand}/deposits` },
  withdrawals: { path: (brand) => `/brands/${brand}/withdrawals` },
  approvals: { path: (brand) => `/brands/${brand}/approvals` },
  memberReport: { path: (brand) => `/brands/${brand}/reports/members`, sortable: true, id: 'memberId', days: true },
  announcements: { path: (brand) => `/brands/${brand}/announcements`, id: 'key' },
  banners: { path: (brand) => `/brands/${brand}/banners`, id: 'key', unpaged: true },
  images: { path: (brand) => `/brands/${brand}/images`, id: 'path', unpaged: true },
  jobs: { path: () => '/jobs', id: 'job', unpaged: true, chosenBrandInQuery: true },
  jobRuns: { path: () => '/jobs/runs', chosenBrandInQuery: true },
  gameVendors: { path: (brand) => `/brands/${brand}/game-vendors`, id: 'vassalage', unpaged: true },
  games: { path: (brand) => `/brands/${brand}/games` },
  'help-articles': { path: (brand) => `/brands/${brand}/help-articles`, id: 'key' },
  'customer-service': { path: (brand) => `/brands/${brand}/customer-service`, id: 'key' },
  feedback: { path: (brand) => `/brands/${brand}/feedback`, days: true },
  team: { path: (brand) => `/brands/${brand}/team` },
  roles: { path: (brand) => `/brands/${brand}/roles`, id: 'name', unpaged: true },
  maintenanceWindows: { path: (brand) => `/brands/${brand}/maintenance-windows` },
  paymentChannels: { path: (brand) => `/brands/${brand}/payment-channels`, id: 'channel', unpaged: true },
  paymentNotifications: { path: (brand) => `/brands/${brand}/payment-notifications` },
  lotteryDraws: { path: (brand) => `/brands/${brand}/lottery/draws` },
  lotteryGames: { path: (brand) => `/brands/${brand}/lottery/games`, id: 'gameCode', unpaged: true },
};

/** The content staff write here, by key under the chosen brand. */
const CONTENT = new Set(['announcements', 'banners', 'help-articles', 'customer-service']);

/** A member's own lists (getManyReference with target memberId). */
const MEMBER_LISTS = new Set(['ledger', 'bets', 'sessions', 'notes']);
// Filters that are moments: the API takes RFC 3339 date-times.
const MOMENTS = new Set(['from', 'to']);

interface Page {
  items?: RaRecord[];
  entries?: RaRecord[];
  total: number;
}

export function brandSlug(): string {
  const brand = chosenBrand();
  if (!brand) throw new Error('tessera.brand.none');
  return encodeURIComponent(brand.slug);
}

/** A path under the chosen brand: ``/brands/{brand}/...``. */
export function brandPath(rest: string): string {
  return `/brands/${brandSlug()}${rest}`;
}

function filterQuery(filter: Record<string, unknown>, days = false): Query {
  const query: Query = {};
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (MOMENTS.has(name) && !days) query[name] = new Date(String(value)).toISOString();
    else query[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

function listShape(resource: string): ListShape {
  const shape = LISTS[resource];
  if (!shape) throw new Error(`no list '${resource}' in the back office`);
  return shape;
}

/** react-admin's page (any size: an export asks for 1000) as the API's pages of at most 200. */
async function fetchPages(path: string, query: Query, page: number, perPage: number, key: 'items' | 'entries') {
  const size = Math.min(perPage, MAX_PAGE_SIZE);
  const first = Math.floor(((page - 1) * perPage) / size) + 1;
  const data: RaRecord[] = [];
  let total = 0;
  for (let apiPage = first; data.length < perPage; apiPage += 1) {
    const { value } = await call<Page>(path, { query: { ...query, page: apiPage, pageSize: size } });
    const items = value[key] ?? [];
    data.push(...items);
    total = value.total;
    if (items.length < size || apiPage * size >= total) break;
  }
  return { data: data.slice(0, perPage), total };
}

/** A record as react-admin wants it: named by ``id``. */
function named(shape: ListShape, record: RaRecord): RaRecord {
  return shape.id ? { ...record, id: record[shape.id] } : record;
}

/** A list answered whole, paged here. */
async function fetchWhole(path: string, query: Query, page: number, perPage: number) {
  const { value } = await call<{ items: RaRecord[] }>(path, { query });
  const start = (page - 1) * perPage;
  return { data: value.items.slice(start, start + perPage), total: value.items.length };
}

function sortQuery(shape: ListShape, params: Pick<GetListParams, 'sort'>): Query {
  if (!shape.sortable || !params.sort?.field) return {};
  return { sort: params.sort.field, order: params.sort.order.toLowerCase() };
}

async function list(resource: string, params: GetListParams) {
  const shape = listShape(resource);
  const query: Query = { ...filterQuery(params.filter ?? {}, shape.days), ...sortQuery(shape, params) };
  const { page = 1, perPage = 50 } = params.pagination ?? {};
  let path = shape.path('');
  if (shape.chosenBrandInQuery) query.brand = chosenBrand()?.slug;
  else if (!shape.brandInQuery) path = shape.path(brandSlug());
  else if (!query.brand && !currentSession()?.staff.superuser) query.brand = chosenBrand()?.slug;
  const { data, total } = shape.unpaged
    ? await fetchWhole(path, query, page, perPage)
    : await fetchPages(path, query, page, perPage, shape.items ?? 'items');
  return { data: data.map((record) => named(shape, record)), total };
}

/** Where one content item is: ``/brands/{brand}/{announcements|banners}/{key}``. */
function contentPath(resource: string, key?: unknown): string {
  if (!CONTENT.has(resource)) unsupported(`write ${resource}`);
  return brandPath(`/${resource}${key === undefined ? '' : `/${encodeURIComponent(String(key))}`}`);
}

async function getContent(resource: string, key: unknown): Promise<RaRecord> {
  const shape = listShape(resource);
  if (resource === 'banners' || resource === 'customer-service') {
    // No call reads one banner or customer-service entry: it is found in the brand's list.
    const { data } = await list(resource, { pagination: { page: 1, perPage: Number.MAX_SAFE_INTEGER }, sort: { field: 'key', order: 'ASC' }, filter: {} });
    const banner = data.find((one) => one.id === key);
    if (!banner) throw new HttpError('ra.notification.item_doesnt_exist', 404);
    return banner;
  }
  return named(shape, (await call<RaRecord>(contentPath(resource, key))).value);
}

function unsupported(what: string): never {
  throw new Error(`the back office does not ${what}`);
}

export interface BackOfficeDataProvider extends DataProvider {
  /** A read on the chosen brand (``rest`` under ``/brands/{brand}``), such as a report. */
  read<T = unknown>(rest: string, query?: Query): Promise<T>;
  /** A write on the chosen brand (``rest`` under ``/brands/{brand}``); its status tells a 202 (waiting for a second approver). */
  act<T = unknown>(rest: string, body?: unknown, method?: string): Promise<Answer<T>>;
}

export const dataProvider: BackOfficeDataProvider = {
  getList: list as DataProvider['getList'],
  async getOne(resource, { id }) {
    if (CONTENT.has(resource)) return { data: await getContent(resource, id) } as never;
    if (resource === 'feedback') return { data: (await call<RaRecord>(brandPath(`/feedback/${encodeURIComponent(String(id))}`))).value } as never;
    // One staff member of the brand's team.
    if (resource === 'team') return { data: (await call<RaRecord>(brandPath(`/team/${encodeURIComponent(String(id))}`))).value } as never;
    // One lottery draw, with the approval waiting for it.
    if (resource === 'lotteryDraws') return { data: (await call<RaRecord>(brandPath(`/lottery/draws/${encodeURIComponent(String(id))}`))).value } as never;
    if (resource !== 'members') unsupported(`show one of ${resource}`);
    const { value } = await call<RaRecord>(brandPath(`/members/${encodeURIComponent(String(id))}`));
    return { data: value } as never;
  },
  async getMany(resource, { ids }) {
    const records = await Promise.all(ids.map((id) => dataProvider.getOne(resource, { id })));
    return { data: records.map((one) => one.data) } as never;
  },
  async getManyReference(resource, params) {
    if (!MEMBER_LISTS.has(resource) || params.target !== 'memberId') unsupported(`list ${resource} by ${params.target}`);
    const path = brandPath(`/members/${encodeURIComponent(String(params.id))}/${resource}`);
    const { page = 1, perPage = 50 } = params.pagination ?? {};
    return fetchPages(path, filterQuery(params.filter ?? {}), page, perPage, 'items') as never;
  },
  async create(resource, { data }) {
    if (CONTENT.has(resource)) {
      const { value } = await call<RaRecord>(contentPath(resource), { method: 'POST', body: data });
      return { data: named(listShape(resource), value) } as never;
    }
    if (resource !== 'notes') unsupported(`create ${resource}`);
    const { memberId, text } = data as { memberId: number; text: string };
    const { value } = await call<RaRecord>(brandPath(`/members/${memberId}/notes`), { method: 'POST', body: { text } });
    return { data: { ...(value ?? {}), id: value?.id ?? Date.now() } } as never;
  },
  async update(resource, { id, data }) {
    const { value } = await call<RaRecord>(contentPath(resource, id), { method: 'PUT', body: data });
    return { data: named(listShape(resource), value) } as never;
  },
  updateMany: () => unsupported('update records this way'),
  async delete(resource, { id, previousData }) {
    await call(contentPath(resource, id), { method: 'DELETE' });
    return { data: previousData ?? { id } } as never;
  },
  deleteMany: () => unsupported('delete records'),
  async read(rest, query) {
    return (await call<never>(brandPath(rest), { query })).value;
  },
  act(rest, body, method = 'POST') {
    return call(brandPath(rest), { method, body });
  },
};
