-- The catalog in PostgreSQL: what catalog.sqlite holds after its nine
-- migrations, in one, plus the shared rate windows. Applied by
-- `catalog/migrations.rs` in one transaction; never edit a released file:
-- add V2__….sql.

CREATE TABLE accounts (
    id bigserial PRIMARY KEY,
    email text NOT NULL,
    password_hash text NOT NULL,
    created bigint NOT NULL
);
-- SQLite's `COLLATE NOCASE` folds ASCII only; lower() folds all letters.
CREATE UNIQUE INDEX accounts_email ON accounts (lower(email));

CREATE TABLE tokens (
    id bigserial PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name text NOT NULL,
    value_encrypted bytea NOT NULL,
    digest bytea NOT NULL UNIQUE,
    created bigint NOT NULL,
    last_used bigint,
    UNIQUE (account_id, name)
);

CREATE TABLE datasets (
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    id text NOT NULL,
    file_name text NOT NULL,
    row_count bigint NOT NULL,
    created bigint NOT NULL,
    updated bigint NOT NULL,
    vocabulary text,
    vocabulary_revision bigint NOT NULL DEFAULT 0,
    vocabulary_updated bigint,
    PRIMARY KEY (account_id, id)
);
CREATE INDEX datasets_id ON datasets (id);

CREATE TABLE console_sessions (
    id_digest bytea PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    csrf_token text NOT NULL,
    created bigint NOT NULL,
    last_seen bigint NOT NULL
);
CREATE INDEX console_sessions_account ON console_sessions (account_id);

CREATE TABLE sign_in_failures (
    subject text NOT NULL,
    at bigint NOT NULL
);
CREATE INDEX sign_in_failures_subject ON sign_in_failures (subject, at);

CREATE TABLE account_limits (
    account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    per_minute bigint,
    concurrent bigint,
    max_tokens bigint
);

CREATE TABLE secret_state (
    id integer PRIMARY KEY CHECK (id = 1),
    generation bigint NOT NULL,
    key_check bytea
);
INSERT INTO secret_state (id, generation, key_check) VALUES (1, 1, NULL);

CREATE TABLE retired_dataset_files (
    file_name text PRIMARY KEY,
    retired bigint NOT NULL
);

CREATE TABLE known_devices (
    seq bigserial,
    id_digest bytea PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created bigint NOT NULL
);
CREATE INDEX known_devices_account ON known_devices (account_id, created);

CREATE TABLE audit_log (
    id bigserial PRIMARY KEY,
    at bigint NOT NULL,
    actor text NOT NULL CHECK (actor IN ('operator', 'account', 'anonymous')),
    account_id bigint,
    account_email text,
    address text,
    action text NOT NULL,
    subject text NOT NULL,
    detail text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_account ON audit_log (account_id, id);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Requests per API key per minute, counted by every replica (fixed
-- windows: `window_start` is a Unix minute's first second).
CREATE TABLE rate_windows (
    token_id bigint NOT NULL,
    window_start bigint NOT NULL,
    count bigint NOT NULL,
    PRIMARY KEY (token_id, window_start)
);
