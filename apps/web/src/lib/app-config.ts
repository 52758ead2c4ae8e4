import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from './api-client.ts';

/**
 * GET /api/app-config: the deployment's settings every screen may need. It lives in lib/ rather than a
 * feature because all features read it (the {product} label) and features do not import each other.
 */
export type AppConfig = {
  /** The agency's word for a delivery team; docs/product.md writes it as {product}. */
  productTeamLabel: string;
  chatWidgetUrl: string | null;
  /** When set, the sign-in and forgot-password pages move to this dashboard. */
  newDashboardUrl: string | null;
};

export const DEFAULT_APP_CONFIG: AppConfig = {
  productTeamLabel: 'Team',
  chatWidgetUrl: null,
  newDashboardUrl: null,
};

const text = (value: string | null | undefined): string | null => value?.trim() || null;

export async function getAppConfig(): Promise<AppConfig> {
  try {
    const { data } = await read('GET /api/app-config', {
      suppressErrorToast: true,
    });
    return {
      productTeamLabel: text(data?.productTeamLabel) ?? DEFAULT_APP_CONFIG.productTeamLabel,
      chatWidgetUrl: text(data?.chatWidgetUrl),
      newDashboardUrl: text(data?.newDashboardUrl)?.replace(/\/+$/, '') ?? null,
    };
  } catch {
    // Optional settings: without them the app runs on its defaults rather than failing to start.
    return DEFAULT_APP_CONFIG;
  }
}

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Number.POSITIVE_INFINITY });

export function useAppConfig(): AppConfig {
  return useQuery(appConfigQueryOptions()).data ?? DEFAULT_APP_CONFIG;
}

/** The {product} placeholder of docs/product.md, as this deployment words it. */
export function useProductLabel(): string {
  return useAppConfig().productTeamLabel;
}
