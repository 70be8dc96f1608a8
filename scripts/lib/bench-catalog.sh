# The bench catalogue (scripts/bench-import.sh, scripts/bench-offline.sh): 50 categories and
# POS_BENCH_ROWS products with every column filled. Product n is "Product 0000nn, size n%9",
# barcode 89 followed by n in 10 digits, in "Category n%50"; n%4 == 0 is sold by the kg; stock
# n%500 pieces (or n%90.xxx kg). Source after common.sh.

# The categories file on stdout.
bench_categories_file() {
  awk 'BEGIN { print "categoryName,description,discountRate";
               for (c = 0; c < 50; c++) printf "Category %02d,\"Shelf %d, aisle %d\",%d\n", c, c, c % 7, c % 3 }'
}

# The products file on stdout. $1: rows; $2: price offset in cents (0 for the first file, 100
# for bench-import's update).
bench_products_file() {
  awk -v rows="$1" -v offset="$2" 'BEGIN {
    print "productName,barcodeNumber,category,quantity,unit,costPrice,costPriceProfit,sellingPrice,discount,discountType,productTax,loyaltyRate";
    for (n = 1; n <= rows; n++) {
      unit = (n % 4 == 0) ? "kg" : "no";
      quantity = (unit == "kg") ? sprintf("%d.%03d", n % 90, n % 1000) : n % 500;
      cents = 100 + (n * 37) % 90000 + offset;
      printf "\"Product %06d, size %d\",89%010d,Category %02d,%s,%s,%d.%02d,%d,%d.%02d,%d,%s,%s,%d\n",
        n, n % 9, n, n % 50, quantity, unit, int(cents * 0.7 / 100), int(cents * 0.7) % 100,
        n % 40, int(cents / 100), cents % 100, n % 15, (n % 10 == 0) ? "flat" : "percentage",
        (n % 3 == 0) ? "8.875" : "0", n % 3
    }
  }'
}
