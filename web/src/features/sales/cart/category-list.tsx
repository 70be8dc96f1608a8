import { LoadStatus } from '@/components/data-table';
import type { ServerDataHandle } from '@/lib/use-server-data';
import type { Category } from '@/features/catalog';

interface CategoryListProps {
  categories: ServerDataHandle<Category[]>;
  /** "" is All. */
  categoryId: string;
  onChoose: (categoryId: string) => void;
}

/** The middle column: the shop's categories; choosing one filters the product grid. */
export function CategoryList({ categories, categoryId, onChoose }: CategoryListProps) {
  const { state, reload } = categories;
  return (
    <nav className="till-categories" aria-label="Categories">
      <h2 className="till-column__title">Categories</h2>
      {state.status === 'ready' ? (
        <ul className="till-categories__list">
          {[{ _id: '', categoryName: 'All' }, ...state.data].map((category) => (
            <li key={category._id || 'all'}>
              <button
                type="button"
                className="till-categories__item"
                aria-pressed={categoryId === category._id}
                onClick={() => onChoose(category._id)}
              >
                {category.categoryName}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <LoadStatus
          state={
            state.status === 'error'
              ? { status: 'error', message: state.message, onRetry: reload }
              : { status: 'loading', label: 'Loading categories…' }
          }
        />
      )}
    </nav>
  );
}
