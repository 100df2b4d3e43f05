export { readBootstrap, BOOTSTRAP_ELEMENT_ID } from './bootstrap';
export type { Bootstrap, Brand } from './bootstrap';
export { request, getJson, sendJson, sendEncrypted, ApiError } from './api';
export { encryptPayload } from './jwe';
export type { Envelope, Query } from './api';
export { STORAGE_KEYS, readStored, writeStored } from './storage';
export { readSession, writeSession, useSession, isAgent, AGENT_TYPES } from './session';
export type { Session } from './session';
export type { BadgeKey, PageEntry, PageRegistry } from './pages';
export { comingSoonPage } from './comingSoon';
export { offered } from './offered';
export type { Capability } from './offered';
export { setBadgeCount, clearBadgeCounts, useBadgeCounts } from './badges';
export type { BadgeCounts } from './badges';
export { REAL_MEMBER_TYPE, isRealMember, memberKey, fetchMemberInfo, useMemberInfo, brandSendsSms } from './member';
export type { MemberInfo } from './member';
export { requestShellModal, onShellModalRequest } from './shellModals';
export type { ShellModalKind } from './shellModals';
export { formatMoney, moneyStyleOf } from './money';
export { dateTimeFormat, numberFormat } from './intl';
export type { MoneyStyle, BrandMoney } from './money';
export {
  dayOf, browserZone, dateZone, dayIn, offsetMinutes, offsetText, isoIn, startOfDay, endOfDay, zonedRange, zoneLabel,
  formatDateTime, formatDay,
} from './dates';
export { useBalance, useRefreshBalance, requestId } from './balance';
export type { WalletBalance, VendorWallet, BalanceState } from './balance';
export { useForm } from './formState';
export type { Form, FormErrors } from './formState';
export { FieldFrame, FormError, TextField, firstMessage, useFieldIds } from './fields';
export type { FieldError, FieldFrameProps, TextFieldProps } from './fields';
export { Pager, usePaging } from './Pager';
export { TableScroller } from './TableScroller';
export { Picture } from './Picture';
export type { ImageSize, ImageSource, PictureProps } from './Picture';
