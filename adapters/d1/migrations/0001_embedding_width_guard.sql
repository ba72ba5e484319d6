-- Custom migration (drizzle-kit cannot express triggers): the database itself rejects an
-- embedding whose width differs from the one pinned in meta, so every isolate, cold or warm,
-- enforces EMBEDDING_DIMENSION without reading it first. The adapter maps the RAISE message to
-- StorageError("EMBEDDING_DIMENSION_MISMATCH"). Before a width is pinned any width passes.
CREATE TRIGGER `memories_embedding_width_insert` BEFORE INSERT ON `memories`
WHEN NEW.`embedding` IS NOT NULL AND EXISTS (
  SELECT 1 FROM `meta` WHERE `key` = 'embedding_dimension'
  AND CAST(`value` AS INTEGER) IS NOT json_array_length(NEW.`embedding`)
)
BEGIN
  SELECT RAISE(ABORT, 'EMBEDDING_DIMENSION_MISMATCH');
END;
--> statement-breakpoint
CREATE TRIGGER `memories_embedding_width_update` BEFORE UPDATE OF `embedding` ON `memories`
WHEN NEW.`embedding` IS NOT NULL AND EXISTS (
  SELECT 1 FROM `meta` WHERE `key` = 'embedding_dimension'
  AND CAST(`value` AS INTEGER) IS NOT json_array_length(NEW.`embedding`)
)
BEGIN
  SELECT RAISE(ABORT, 'EMBEDDING_DIMENSION_MISMATCH');
END;
