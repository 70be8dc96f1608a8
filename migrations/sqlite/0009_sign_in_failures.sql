-- Failed sign-ins and password reset link requests, for the sign-in rate limit (issue 8,
-- auth::rate_limit). Kept in the database, not in a process's memory, so every server process
-- on one database counts the same failures: with several processes behind a balancer the limit
-- stays 10 per key, not 10 per process. Rows older than the 5-minute window are deleted as new
-- failures come in. Kept equivalent to the other backend's file.
CREATE TABLE sign_in_failures (
    limit_key  TEXT    NOT NULL,
    failed_at  BIGINT  NOT NULL
);

-- The check reads a key's latest failures; the prune deletes by time.
CREATE INDEX sign_in_failures_by_key ON sign_in_failures (limit_key, failed_at);
CREATE INDEX sign_in_failures_by_time ON sign_in_failures (failed_at);
