/** The product's name as shoppers and staff see it. Change it here and nowhere else. */
export const PRODUCT_NAME = 'Tillwise POS';

/** The footer carries a copyright 2025 notice. */
export const COPYRIGHT_YEAR = 2025;
