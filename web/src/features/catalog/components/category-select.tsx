import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SelectField } from '@/components/form';
import type { ServerData } from '@/lib/use-server-data';
import type { Category } from '../api/categories-api';
import './catalog.css';

interface CategorySelectProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  /** The shop's categories; idle when the viewer may not read them. */
  categories: ServerData<Category[]>;
  onRetry: () => void;
  /** Where to add the first category, for someone who may. */
  addCategoryPath: string | null;
}

/** The product form's category choice (GET /categories), saying why it is empty when it is. */
export function CategorySelect({ id, value, onValueChange, error, categories, onRetry, addCategoryPath }: CategorySelectProps) {
  const list = categories.status === 'ready' ? categories.data : [];
  let hint: ReactNode = null;
  if (categories.status === 'idle') hint = 'Choosing a category needs the Category read permission: ask your admin for it.';
  else if (categories.status === 'loading') hint = 'Loading categories…';
  else if (categories.status === 'error')
    hint = (
      <>
        {categories.message}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      </>
    );
  else if (list.length === 0)
    hint = addCategoryPath ? (
      <>
        No categories yet. <Link to={addCategoryPath}>Add a category</Link> first.
      </>
    ) : (
      'No categories yet: ask your admin to add one.'
    );
  return (
    <SelectField
      id={id}
      name="category"
      label="Category"
      required
      value={value}
      onValueChange={onValueChange}
      placeholder={categories.status === 'loading' ? 'Loading…' : 'Choose a category'}
      options={list.map((category) => ({ value: category._id, label: category.categoryName }))}
      error={error}
      hint={hint}
    />
  );
}
