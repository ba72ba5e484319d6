-- pgvector for memories.embedding; created before the tables that use it.
CREATE EXTENSION IF NOT EXISTS vector;
