-- The suffix tables' search index keyed by the suffix's first three characters, then the list's sort key
-- and id, with the suffix itself carried along (docs/adr/0030-suffix-search-for-list-pages.md, amendment
-- of 26 Nov 2026). A term of three characters or more is an equality on the key's first column, so its
-- matches come out of the index already in list order: the page is a walk with no sort, and the
-- statement is the same for every such term, so it is planned once (suffix-search.ts). A shorter term is
-- a range on the first column; the suffix-ordered index is no longer needed.
DROP INDEX IF EXISTS "project_title_suffixes_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "user_name_suffixes_search_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "project_title_suffixes_prefix_idx" ON "project_title_suffixes" USING btree (left("suffix", 3), "created_at", "project_id") INCLUDE ("suffix");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_name_suffixes_prefix_idx" ON "user_name_suffixes" USING btree (left("suffix", 3), "name", "user_id") INCLUDE ("suffix");
