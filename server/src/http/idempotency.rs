//! PLACEHOLDER (lead): the Idempotency-Key layer, see /work/wt/CONTRACT.md.
