import { getJson } from '@tessera/kit';

/** Values of `status` in GET /wps/system/status (SPEC §4). */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionBlocked: 2 } as const;

export interface SystemStatus {
  status: number;
  maintenance: { endTime: string | null; info: string | null } | null;
  location: { ip: string; region: string | null };
}

export function fetchSystemStatus(): Promise<SystemStatus> {
  return getJson<SystemStatus>('/wps/system/status');
}
