import './load-more.css';

interface LoadMoreProps {
  onLoadMore: () => void;
  /** The next page is on its way: the button says so and waits. */
  loading: boolean;
}

/** The "Load more" button centred under a paged list (`usePagedList`). */
export function LoadMore({ onLoadMore, loading }: LoadMoreProps) {
  return (
    <div className="load-more">
      <button type="button" className="button button--secondary" onClick={onLoadMore} disabled={loading} aria-busy={loading}>
        {loading ? 'Loading more…' : 'Load more'}
      </button>
    </div>
  );
}
