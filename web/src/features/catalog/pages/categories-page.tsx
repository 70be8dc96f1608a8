import { FolderPlus } from 'lucide-react';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Screen } from '@/components/screen';
import { SearchBox } from '@/components/search-box';
import { messages } from '@/config/messages';
import { useServerData } from '@/lib/use-server-data';
import { useScreenSearch } from '@/lib/use-screen-search';
import { listCategories, type Category } from '../api/categories-api';
import { CategoriesTable } from '../components/categories-table';
import { useCatalogSession } from '../use-catalog-session';

/**
 * /admin/category/view and /staff/category/view: the shop's categories, edited in
 * place and deleted after confirmation by whoever holds those permissions.
 */
export function CategoriesPage() {
  const { can, paths, user } = useCatalogSession();
  const [searchText, setSearchText] = useScreenSearch();
  const load = useCallback((signal: AbortSignal) => listCategories(signal), []);
  const categories = useServerData<Category[]>(load, messages.categoriesLoadFailed);
  const count = categories.state.status === 'ready' ? categories.state.data.length : null;
  const canCreate = can('category_create');
  const shopName = user?.shopName ?? 'your shop';

  return (
    <Screen
      title="Categories"
      description={count === null ? `The categories of ${shopName}.` : `${count} ${count === 1 ? 'category' : 'categories'} at ${shopName}`}
      tools={
        <>
          <SearchBox label="Search categories" placeholder="Name or description" value={searchText} onValueChange={setSearchText} />
          {canCreate && (
            <Link to={paths.addCategory} className="button button--primary">
              <FolderPlus aria-hidden="true" />
              Add category
            </Link>
          )}
        </>
      }
    >
      <CategoriesTable
        categories={categories}
        searchText={searchText}
        canUpdate={can('category_update')}
        canDelete={can('category_delete')}
        empty={canCreate ? 'No categories yet. Add the first one.' : 'No categories yet.'}
      />
    </Screen>
  );
}
