import { useEffect } from 'react';
import { useSearchStore } from '../stores/search-store';

/**
 * The search text for the table screen in front of the user: shared through the
 * store, and emptied when the screen is left so the next screen starts unfiltered.
 */
export function useScreenSearch(): [string, (text: string) => void] {
  const searchText = useSearchStore((state) => state.searchText);
  const setSearchText = useSearchStore((state) => state.setSearchText);
  useEffect(() => () => useSearchStore.getState().resetSearch(), []);
  return [searchText, setSearchText];
}
