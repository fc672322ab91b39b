-- One screen-recording part recorded in one round trip (modules/screen-recording/repository.ts recordPart,
-- issue 16's upload speed): the attempt's row is locked FOR SHARE, so a build (which takes it FOR UPDATE)
-- waits for the part and the part waits for a build; then, in a statement of its own (a VOLATILE function's
-- statements each take a new snapshot under READ COMMITTED, so it sees a build committed while it waited),
-- the part's row is written once and its screen's row made or brought up to date, unless a video holds the
-- attempt's parts by now (built or being built; a failed build, or one whose job failed, does not).
-- The row lock lasts until the calling statement's transaction ends.
CREATE OR REPLACE FUNCTION screen_recording_record_part(
  p_attempt_id uuid,
  p_company_id uuid,
  p_file_name text,
  p_chunk_number integer,
  p_total_chunks integer,
  p_file_type text,
  p_original_name text,
  p_size integer,
  p_blob_key text
) RETURNS TABLE (is_open boolean, is_new_file boolean, received_parts integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM attempts a WHERE a.id = p_attempt_id FOR SHARE;
  RETURN QUERY
  WITH open AS (
    SELECT NOT EXISTS (
      SELECT 1 FROM screen_recording_videos v LEFT JOIN jobs j ON j.id = v.job_id
      WHERE v.attempt_id = p_attempt_id
        AND v.status <> 'failed' AND NOT (v.status = 'processing' AND j.status IS NOT DISTINCT FROM 'failed')
    ) AS ok
  ),
  p AS (
    INSERT INTO screen_recording_parts (attempt_id, file_name, chunk_number, size, blob_key)
    SELECT p_attempt_id, p_file_name, p_chunk_number, p_size, p_blob_key FROM open WHERE open.ok
    ON CONFLICT DO NOTHING
    RETURNING 1
  ),
  f AS (
    INSERT INTO screen_recording_files AS sf
      (attempt_id, file_name, company_id, total_chunks, file_type, original_name, received)
    SELECT p_attempt_id, p_file_name, p_company_id, p_total_chunks, p_file_type, p_original_name,
      (SELECT count(*) FROM p)
    FROM open WHERE open.ok
    ON CONFLICT (attempt_id, file_name) DO UPDATE
      SET total_chunks = greatest(sf.total_chunks, excluded.total_chunks),
        received = sf.received + excluded.received,
        updated_at = now()
    RETURNING (sf.xmax = 0) AS new_file, sf.received
  )
  SELECT (SELECT ok FROM open), (SELECT new_file FROM f), (SELECT f.received FROM f);
END
$$;
