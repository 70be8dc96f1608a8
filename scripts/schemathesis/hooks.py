"""Schemathesis hooks for scripts/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

A real client sends a fresh Idempotency-Key with each new request and the same key only when it
retries that request. Hypothesis draws keys from the documented rule (1 to 200 characters from
`!` to `~`) and draws the short ones again and again, so most generated writes reused a key that
an earlier, different request had taken, and were refused with the documented 422 ("This
Idempotency-Key was used for another request") before reaching the route. Positive cases get a
fresh UUID instead, so they reach the route; negative cases keep the key they were generated
with, so a malformed key is still sent and must still be refused. The 422 and the replay of a
retried key are covered by the API tests (server/tests/api/sales_idempotency.rs).

A till sells products it scanned or picked from the shop's catalogue, to customers the shop has.
Generated product ids, barcodes and customer ids name none, so every line added to a cart or
custom invoice and every till invoice was the documented 404 ("Product not found", "Customer not
found") and the stateful phase never paid, saved or refunded a cart with a line. Positive cases
of the operations that take them in their body get the demo shop's products and customers (the
script lists them into POS_PRODUCT_IDS, POS_PRODUCT_BARCODES and POS_CUSTOMER_IDS), picked by
the generated value, so a pick is as reproducible as the seed; everything else stays as drawn.
"""

import os
import uuid
import zlib

import schemathesis
from schemathesis import GenerationMode

KEY_HEADER = "Idempotency-Key"
KNOWN = {
    field: [value for value in os.environ.get(variable, "").split(",") if value]
    for field, variable in (
        ("productId", "POS_PRODUCT_IDS"),
        ("barcodeNumber", "POS_PRODUCT_BARCODES"),
        ("customerId", "POS_CUSTOMER_IDS"),
    )
}


def is_positive(case):
    return case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE


@schemathesis.hook
def before_call(context, case, kwargs):
    if not is_positive(case):
        return
    if case.headers and KEY_HEADER in case.headers:
        case.headers[KEY_HEADER] = str(uuid.uuid4())


def ground(value):
    """Replaces, at any depth, each drawn product id, barcode or customer id with a known one."""
    if isinstance(value, list):
        for item in value:
            ground(item)
    elif isinstance(value, dict):
        for field, drawn in value.items():
            if field in KNOWN and isinstance(drawn, (str, int)) and not isinstance(drawn, bool):
                ground_as(value, field, field)
            else:
                ground(drawn)


@schemathesis.hook("before_call").apply_to(
    operation_id=["addInvoiceProduct", "addCustomInvoiceProduct", "saveTillInvoice", "payTillInvoice", "refundInvoice"]
)
def use_the_shops_products_and_customers(context, case, kwargs):
    if is_positive(case):
        ground(case.body)


@schemathesis.hook("before_call").apply_to(operation_id="startCart")
def start_carts_for_the_shops_customers(context, case, kwargs):
    """A cart is started for a customer: `POST /invoice/{id}` takes the customer's `_id`."""
    if is_positive(case) and case.path_parameters:
        ground_as(case.path_parameters, "id", "customerId")


def ground_as(values, field, kind):
    """Replaces the drawn `values[field]` with a known id of `kind`."""
    known, drawn = KNOWN[kind], values.get(field)
    if known and drawn not in (None, ""):
        values[field] = known[zlib.crc32(repr(drawn).encode()) % len(known)]
