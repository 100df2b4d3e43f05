import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getJson, type Brand, type ImageSize } from '@tessera/kit';

/** Values of `status` in GET /wps/system/status (SPEC §4). */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionBlocked: 2 } as const;

export interface Resource {
  resourceType: string;
  url: string;
  qrCodeUrl: string | null;
  title: string | null;
}

export interface CustomerServiceEntry {
  csType: string;
  title: string;
  /** For csType "3" (live chat) the sealed link: the last 8 characters are the key. */
  path: string;
  csPosition: number;
}

export interface FooterImage {
  title: string;
  url: string;
  linkUrl?: string | null;
  /** The image's own size, for an image of the brand's folder. */
  width?: number;
  height?: number;
}

export interface FooterContent {
  /** HTML of the see-more description. */
  description: string;
  licences: FooterImage[];
  protection: FooterImage[];
  responsibility: FooterImage | null;
}

/** The status call, which is also the permission info (SPEC §3, §7). */
export interface SystemStatus {
  status: number;
  maintenance: { endTime: string | null; info: string | null } | null;
  location: { ip: string; region: string | null };
  brand: Brand & { currency: string; logo?: string | null; logoImage?: (ImageSize & { url: string }) | null };
  whitelabel: Record<string, boolean>;
  resources: Resource[];
  customerService: CustomerServiceEntry[];
  analytics: { gtagId: string | null };
  domainRoute: { domain: string; route: string; referralCode: string | null };
  imageCDNs: string[];
  launchGameCDNs: string[];
  footer?: FooterContent | null;
}

export function fetchSystemStatus(): Promise<SystemStatus> {
  return getJson<SystemStatus>('/wps/system/status');
}

export const statusKey = (language: string) => ['status', language];

/** The status in the page's language (customer-service titles and the footer are translated). */
export function useSystemStatus() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: statusKey(i18n.language),
    queryFn: fetchSystemStatus,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Whether the brand turns on a whitelabel flag (false until the status has loaded). */
export function useFlag(flag: string): boolean {
  return Boolean(useSystemStatus().data?.whitelabel[flag]);
}

/** The brand's resource of a type (AGENT, FACEBOOK, ANDROID, ...), if it has one. */
export function useResource(resourceType: string): Resource | undefined {
  return useSystemStatus().data?.resources.find((resource) => resource.resourceType === resourceType);
}
