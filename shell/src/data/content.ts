import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJson, type ImageSize } from '@tessera/kit';

/** A notice or announcement (SPEC §3); content is HTML rendered by the server from markdown. */
export interface Notice {
  id: number;
  title: string;
  content: string;
  startDate: string;
  promotionType: string | null;
}

/** A top banner, with its image's size and smaller copies (ImageSize). */
export interface Banner extends Partial<ImageSize> {
  bannerId: number;
  groupName: string;
  url: string;
  /** Set when the banner is clickable (SPEC §3). */
  linkageType: 'INTERNAL' | 'EXTERNAL' | null;
  linkUrl: string | null;
  title: string;
}

/** The notice payload: player notices (marquee and list), banners, popups, promotions, help notices. */
export interface NoticePayload {
  player: Notice[];
  banners: Banner[];
  popup: Notice[];
  promotion: Notice[];
  help: Notice[];
}

/** Announcement types (SPEC §7, §9), on platform W with execution B. */
export const NOTICE_TYPES = 'B,PL,PU,PR,H';

export const noticesKey = (language: string) => ['notices', language];

export function useNotices() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: noticesKey(i18n.language),
    queryFn: () =>
      getJson<NoticePayload>('/wps/relay/MCSFE_getListAnnouncements', { types: NOTICE_TYPES, platform: 'W', execution: 'B' }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The banners of one route group, or an empty list while none are known. */
export function useBanners(group: string | null): Banner[] {
  const banners = useNotices().data?.banners ?? [];
  return group ? banners.filter((banner) => banner.groupName === group) : [];
}

export interface VendorCard {
  vassalage: string;
  displayName: string;
  gameType: string;
  isHot: boolean;
  smallIcon: string | null;
  /** The brand's own page the card leads to (the house lottery's lobbies), not a vendor's games. */
  route?: string;
}

/** A lane of the game menu: one game category and its vendors. */
export interface GameLane {
  gameCategory: string;
  title: string;
  cards: VendorCard[];
}

export const gameMenusKey = (language: string) => ['gameMenus', language];

export function useGameMenus() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: gameMenusKey(i18n.language),
    queryFn: () => getJson<GameLane[]>('/lgw/games/game_menus'),
    placeholderData: keepPreviousData,
    staleTime: 300_000,
  });
}

export interface HelpSection {
  key: string;
  title: string;
  /** HTML. */
  content: string;
}

export function useHelpCenter() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['helpCenter', i18n.language],
    queryFn: () => getJson<{ language: string; sections: HelpSection[] }>('/wps/system/helpCenter'),
    placeholderData: keepPreviousData,
    staleTime: 300_000,
  });
}
