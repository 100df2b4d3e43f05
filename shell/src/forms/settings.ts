import { useQuery } from '@tanstack/react-query';
import { getJson } from '@tessera/kit';

/** How the brand configures one registration field (SPEC §3, GET /wps/system/setting/register). */
export interface FieldSetting {
  enabled: boolean;
  required: boolean;
  /** A JavaScript-compatible regular expression, or `*` for anything. */
  acceptedPattern: string;
  patternId: string;
  minLength: number;
  maxLength: number;
}

/** The registration fields of SPEC §3, each with its setting. */
export type RegisterSettings = Partial<Record<string, FieldSetting>>;

export const registerSettingsKey = ['registerSettings'];

export function fetchRegisterSettings(): Promise<RegisterSettings> {
  return getJson<RegisterSettings>('/wps/system/setting/register');
}

/** The brand's register settings; they change only with the brand's configuration. */
export function useRegisterSettings() {
  return useQuery({ queryKey: registerSettingsKey, queryFn: fetchRegisterSettings, staleTime: 10 * 60_000 });
}
