import { useState, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { useFormFields } from '@/lib/use-form-fields';
import { createCategory, type Category, type CategoryFields } from '../api/categories-api';
import { AddedNote } from '../components/added-note';
import { useCatalogSession } from '../use-catalog-session';
import { useSubmit } from '../use-submit';
import { CATEGORY_NAME_MAX_CHARS, DESCRIPTION_MAX_CHARS, categoryErrors, hasErrors, trimmed } from '../validation';
import '../components/catalog.css';

type CategoryField = keyof CategoryFields;
const order: CategoryField[] = ['categoryName', 'description', 'discountRate'];
const blank: CategoryFields = { categoryName: '', description: '', discountRate: '' };

/**
 * /admin/add/category and /staff/add/category: category name, description and
 * discount rate. "Category added successfully!", or the server's message (else "Failed to add
 * category."); the form empties for the next one.
 */
export function AddCategoryPage() {
  const { can, paths } = useCatalogSession();
  const { values, errors, set, setErrors, idOf, focusFirst, reset } = useFormFields(blank);
  const { failure, setFailure, pending, send } = useSubmit(messages.categoryAdded, messages.categoryAddFailed);
  const [added, setAdded] = useState<Category | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = categoryErrors(values);
    setErrors(found);
    if (hasErrors(found)) {
      setFailure('');
      focusFirst(found, order);
      return;
    }
    const category = await send(() => createCategory(trimmed(values)));
    if (!category) return;
    setAdded(category);
    reset();
    document.getElementById(idOf('categoryName'))?.focus();
  }

  const field = (name: CategoryField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <Screen title="Add category" description="A group of products on the till, with an optional discount for all of them." width="narrow">
      <ScreenPanel>
        {added && (
          <AddedNote view={can('category_read') ? { to: paths.categories, label: 'View categories' } : undefined}>
            Added the category <strong>{added.categoryName}</strong>.
          </AddedNote>
        )}
        <form className="catalog-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <div className="form-grid">
            <TextField
              {...field('categoryName')}
              className="form-grid__wide"
              label="Category name"
              required
              autoComplete="off"
              autoCapitalize="words"
              maxLength={CATEGORY_NAME_MAX_CHARS}
              autoFocus
            />
            <TextField
              {...field('description')}
              className="form-grid__wide"
              label="Description"
              autoComplete="off"
              maxLength={DESCRIPTION_MAX_CHARS}
              hint="Optional."
            />
            <TextField
              {...field('discountRate')}
              label="Discount rate %"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              hint="0 to 100, taken off every product in it."
            />
          </div>
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Adding…" block={false}>
              Add category
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
