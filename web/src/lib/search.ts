/**
 * The tables' search (shops on name, email, country and currency; employees on
 * name, email and phone): a row matches when every word typed appears in one of its searched
 * fields, ignoring case and accents, so "corner mv" finds Corner Grocery in MVR.
 */

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function matchesSearch(searchText: string, fields: readonly (string | null | undefined)[]): boolean {
  const words = fold(searchText).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.filter((value): value is string => Boolean(value)).map(fold);
  return words.every((word) => haystack.some((value) => value.includes(word)));
}
