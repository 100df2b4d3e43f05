/** Data for the frame's tests: banners, notices and game lanes as the server sends them. */
import type { Banner, GameLane, Notice, NoticePayload, VendorCard } from '../data/content';

export function bannerOf(bannerId: number, overrides: Partial<Banner> = {}): Banner {
  return {
    bannerId,
    groupName: 'home',
    url: `/static/banners/${bannerId}.svg`,
    linkageType: null,
    linkUrl: null,
    title: `Banner ${bannerId}`,
    ...overrides,
  };
}

export function noticeOf(id: number, title = `Notice ${id}`): Notice {
  return { id, title, content: `<p>${title}</p>`, startDate: '2030-01-01T00:00:00Z', promotionType: null };
}

export function noticesOf(overrides: Partial<NoticePayload> = {}): NoticePayload {
  return { player: [], banners: [], popup: [], promotion: [], help: [], ...overrides };
}

export function vendorsOf(gameType: string, count: number): VendorCard[] {
  return Array.from({ length: count }, (_, index) => ({
    vassalage: `${gameType}V${index + 1}`,
    displayName: `${gameType} vendor ${index + 1}`,
    gameType,
    isHot: false,
    smallIcon: null,
  }));
}

export function laneOf(gameCategory: string, count: number, title = `${gameCategory} games`): GameLane {
  return { gameCategory, title, cards: vendorsOf(gameCategory, count) };
}
