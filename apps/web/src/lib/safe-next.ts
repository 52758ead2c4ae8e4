/**
 * Where to go after signing in: `?next=` when it is a path of this app (a mail's Approve link sends a
 * visitor to sign in and back, docs/product.md §F1); never another origin ('//evil', '/\evil', 'https:').
 */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.length > 2000)
    return '/';
  return next;
}
