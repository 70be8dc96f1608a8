/** The catalogue rows other features' tests sell from. */
export { categories, cola, products, rice, water } from './test-fixtures';
