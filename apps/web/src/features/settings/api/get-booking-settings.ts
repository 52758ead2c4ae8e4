import { BOOKING_RULES_SETTING, COMPANY_TIMEZONE_SETTING } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';
import type { Setting } from './get-default-account-manager.ts';

export const bookingSettingsQueryKey = ['settings', 'booking'] as const;

/**
 * The booking rules and the company timezone (docs/product.md §C9, §F1): GET /api/setting/search, all
 * settings in one answer; the server seeds both on start, so each is there (null only on a broken install).
 */
export async function getBookingSettings(): Promise<{ rules: Setting | null; timezone: Setting | null }> {
  const { data } = await read('GET /api/setting/search');
  const find = (name: string) => {
    const row = data.find((r) => r.name === name);
    return row ? { id: Number(row.id), name: row.name, value: row.value } : null;
  };
  return { rules: find(BOOKING_RULES_SETTING), timezone: find(COMPANY_TIMEZONE_SETTING) };
}

export function useBookingSettings() {
  return useQuery(queryOptions({ queryKey: bookingSettingsQueryKey, queryFn: getBookingSettings }));
}
