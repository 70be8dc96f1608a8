"""Schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

A real client sends a fresh Idempotency-Key with each new request and the same key only when it
retries that request. Hypothesis draws keys from the documented rule (1 to 200 characters from
`!` to `~`) and draws the short ones again and again, so most generated writes reused a key that
an earlier, different request had taken, and were refused with the documented 422 ("This
Idempotency-Key was used for another request") before reaching the route. Positive cases get a
fresh UUID instead, so they reach the route; negative cases keep the key they were generated
with, so a malformed key is still sent and must still be refused. The 422 and the replay of a
retried key are covered by the API tests (server/tests/api/sales_idempotency.rs).
"""

import uuid

import schemathesis
from schemathesis import GenerationMode

KEY_HEADER = "Idempotency-Key"


@schemathesis.hook
def before_call(context, case, kwargs):
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return
    if case.headers and KEY_HEADER in case.headers:
        case.headers[KEY_HEADER] = str(uuid.uuid4())
