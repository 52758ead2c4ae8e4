import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type UserProfile = { id: string; name: string; email: string; phone: string; avatar: string | null };

/** GET /api/user/{id}: what the profile card shows (avatar, name, email, phone). */
export async function getUserProfile(id: string): Promise<UserProfile> {
  const { data } = await api.get<Resource>(`/user/${encodeURIComponent(id)}`);
  return {
    id: String(data.id),
    name: String(data.name ?? ''),
    email: String(data.email ?? ''),
    phone: String(data.phone ?? ''),
    avatar: typeof data.avatar === 'string' && data.avatar !== '' ? data.avatar : null,
  };
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['settings', 'user-profile', id], queryFn: () => getUserProfile(id) });

export function useUserProfile(id: string | null) {
  return useQuery({ ...userProfileQueryOptions(id ?? ''), enabled: id !== null });
}
