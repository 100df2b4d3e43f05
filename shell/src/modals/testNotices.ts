// Notice payloads for the component tests of the modals and pages.
import type { Notice, NoticePayload } from '../data/content';

export function noticesOf(count: number, prefix: string, firstId = 1): Notice[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    title: `${prefix} ${index + 1}`,
    content: `<p>${prefix} body ${index + 1} <strong>bold</strong></p>`,
    startDate: '2026-02-28T20:00:00Z', // 1 March, 02:00, in the test brand's Asia/Dhaka
    promotionType: null,
  }));
}

export function noticePayload(parts: Partial<NoticePayload> = {}): NoticePayload {
  return { player: [], banners: [], popup: [], promotion: [], help: [], ...parts };
}

export const NOTICES_PATH = '/wps/relay/MCSFE_getListAnnouncements';
