import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type UserProfile = { id: string; name: string; email: string; phone: string; avatar: string | null };

/** GET /api/user/{id}: what the profile card shows (avatar, name, email, phone). */
export async function getUserProfile(id: string): Promise<UserProfile> {
  const { data } = await read('GET /api/user/{id}', { path: { id } });
  return {
    id: String(data.id),
    name: data.name,
    email: data.email ?? '',
    phone: data.phone ?? '',
    avatar: data.avatar || null,
  };
}

export const userProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['settings', 'user-profile', id], queryFn: () => getUserProfile(id) });

export function useUserProfile(id: string | null) {
  return useQuery({ ...userProfileQueryOptions(id ?? ''), enabled: id !== null });
}
