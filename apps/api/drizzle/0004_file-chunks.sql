-- Files are stored in chunks so that neither an upload nor a download holds a whole file in memory
-- (issue 12 §4, docs/adr/0008-streamed-files.md).
--
-- 1. `file_chunks` holds a file's bytes as rows of at most 786,432 bytes (768 KiB), in `seq` order. The
--    bytes are stored EXTERNAL: out of line without compression, since most attachments (PDF, images,
--    archives) are compressed already and compressing them again only costs the server time.
-- 2. `project_files.upload_lease_until` marks a file whose upload is still in flight: the file is hidden
--    until its upload finishes (the column becomes NULL). The lease is the user's upload slot (at most 3 in
--    flight); it is renewed while bytes arrive, and a lease that ran out (crashed process, vanished client)
--    frees its slot and is swept with its chunks by the next upload.
-- 3. Existing files move from `file_blobs` into chunks, then `file_blobs` goes.
CREATE TABLE "file_chunks" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_file_id_project_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."project_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_files" ADD COLUMN "upload_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "project_files_uploading_idx" ON "project_files" USING btree ("uploaded_by_id","upload_lease_until") WHERE "project_files"."upload_lease_until" is not null;--> statement-breakpoint
INSERT INTO "file_chunks" ("file_id", "seq", "data")
SELECT b."file_id", s.seq, substring(b."data" FROM s.seq * 786432 + 1 FOR 786432)
FROM "file_blobs" b
CROSS JOIN LATERAL generate_series(0, (length(b."data") + 786431) / 786432 - 1) AS s(seq);--> statement-breakpoint
DROP TABLE "file_blobs";
