/**
 * The "search text" (default empty): what the search box of the screen in front of
 * the user filters by. Each table screen starts from an empty search and clears it on leaving,
 * so a word typed to find a shop does not silently hide employees on the next screen.
 */
import { create } from 'zustand';

interface SearchState {
  searchText: string;
}

interface SearchActions {
  setSearchText: (searchText: string) => void;
  resetSearch: () => void;
}

export const searchDefaults: SearchState = { searchText: '' };

export const useSearchStore = create<SearchState & SearchActions>()((set) => ({
  ...searchDefaults,
  setSearchText: (searchText) => set({ searchText }),
  resetSearch: () => set(searchDefaults),
}));
