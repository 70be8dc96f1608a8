// @vitest-environment happy-dom
import { Trash } from 'lucide-react';
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click, press, renderElement, typeInto, waitFor } from '../../test/render';
import { DataTable, type DataTableColumn, type DataTableStatus } from './data-table';
import { EditableRow, type Draft } from './editable-row';
import { EmailText } from './email-text';
import { TableButton } from './table-actions';

const columns: DataTableColumn[] = [
  { id: 'no', header: 'No' },
  { id: 'name', header: 'Name' },
  { id: 'email', header: 'Email' },
  { id: 'actions', header: 'Actions', headerHidden: true },
];

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function table(state: DataTableStatus, rows: string[] = []) {
  view = await renderElement(
    <DataTable label="Shops" columns={columns} state={state} rowCount={rows.length} empty="No shops yet.">
      {rows.map((row) => (
        <tr key={row}>
          <td>{row}</td>
        </tr>
      ))}
    </DataTable>,
  );
  return view.container;
}

describe('data table', () => {
  it('is a named, focusable scroll region holding a captioned table with its headers', async () => {
    const container = await table({ status: 'ready' }, ['Corner Grocery']);
    const region = container.querySelector('[role="region"]')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    const caption = container.querySelector('caption')!;
    expect(caption.textContent).toBe('Shops');
    expect(region.getAttribute('aria-labelledby')).toBe(caption.id);
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['No', 'Name', 'Email', 'Actions']);
    expect(container.querySelector('th:last-child .visually-hidden')?.textContent).toBe('Actions');
    expect(container.querySelector('tbody')?.textContent).toBe('Corner Grocery');
  });

  it('says it is loading, announced, across the whole table', async () => {
    const container = await table({ status: 'loading', label: 'Loading shops…' });
    const status = container.querySelector('[role="status"]')!;
    expect(status.textContent).toBe('Loading shops…');
    expect(status.closest('td')?.getAttribute('colspan')).toBe('4');
    expect(container.querySelector('[role="region"]')?.getAttribute('aria-busy')).toBe('true');
  });

  it('shows a failure with a retry', async () => {
    const retry = vi.fn();
    const container = await table({ status: 'error', message: 'Failed to fetch shops!', onRetry: retry });
    expect(container.querySelector('tbody')?.textContent).toContain('Failed to fetch shops!');
    await click(button(container, 'Try again'));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says when there is nothing to show', async () => {
    const container = await table({ status: 'ready' });
    expect(container.querySelector('tbody')?.textContent).toBe('No shops yet.');
  });
});

type Field = 'shopName' | 'email';

function ShopRow({ onSave, validate }: { onSave: (draft: Draft<Field>) => Promise<boolean>; validate?: (draft: Draft<Field>) => Partial<Record<Field, string | null>> }) {
  const [values, setValues] = useState<Draft<Field>>({ shopName: 'Corner Grocery', email: 'owner@corner.example' });
  return (
    <table>
      <tbody>
        <EditableRow
          name={values.shopName}
          values={values}
          validate={validate}
          onSave={async (draft) => {
            const saved = await onSave(draft);
            if (saved) setValues(draft);
            return saved;
          }}
          cells={[
            { id: 'no', view: 1 },
            { id: 'name', view: values.shopName, edit: { field: 'shopName', label: 'Shop name' } },
            { id: 'email', view: values.email, edit: { field: 'email', label: 'Email', type: 'email' } },
          ]}
          actions={<TableButton icon={Trash} label={`Delete ${values.shopName}`} onClick={() => {}} />}
        />
      </tbody>
    </table>
  );
}

const input = (container: HTMLElement, label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);

describe('inline-edit row', () => {
  it('shows values and its actions until Edit turns the editable cells into inputs, the first focused', async () => {
    view = await renderElement(<ShopRow onSave={async () => true} />);
    const { container } = view;
    expect(container.querySelector('tr')?.textContent).toBe('1Corner Groceryowner@corner.example');
    expect(input(container, 'Shop name')).toBeNull();
    button(container, 'Delete Corner Grocery');

    await click(button(container, 'Edit Corner Grocery'));
    expect(input(container, 'Shop name')?.value).toBe('Corner Grocery');
    expect(input(container, 'Email')?.type).toBe('email');
    expect(document.activeElement).toBe(input(container, 'Shop name'));
    expect(container.querySelector('tr')?.className).toContain('data-table__row--editing');
    // While editing, Save and Cancel replace the row's other actions.
    expect(() => button(container, 'Delete Corner Grocery')).toThrow();
    button(container, 'Save Corner Grocery');
    button(container, 'Cancel editing Corner Grocery');
  });

  it('saves with Enter, shows the saved values and gives focus back to Edit', async () => {
    const onSave = vi.fn(async () => true);
    view = await renderElement(<ShopRow onSave={onSave} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    typeInto(input(container, 'Shop name')!, 'Corner Mart');
    press(input(container, 'Shop name')!, 'Enter');
    await waitFor(() => expect(input(container, 'Shop name')).toBeNull());
    expect(onSave).toHaveBeenCalledWith({ shopName: 'Corner Mart', email: 'owner@corner.example' });
    expect(container.querySelector('tr')?.textContent).toContain('Corner Mart');
    expect(document.activeElement).toBe(button(container, 'Edit Corner Mart'));
  });

  it('saves with the Save button too', async () => {
    const onSave = vi.fn(async () => true);
    view = await renderElement(<ShopRow onSave={onSave} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    typeInto(input(container, 'Email')!, 'shop@corner.example');
    await click(button(container, 'Save Corner Grocery'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ shopName: 'Corner Grocery', email: 'shop@corner.example' }));
  });

  it('cancels with Escape or Cancel, sending nothing and keeping the old values', async () => {
    const onSave = vi.fn(async () => true);
    view = await renderElement(<ShopRow onSave={onSave} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    typeInto(input(container, 'Shop name')!, 'Typo');
    press(input(container, 'Shop name')!, 'Escape');
    expect(input(container, 'Shop name')).toBeNull();
    expect(container.textContent).toContain('Corner Grocery');
    expect(document.activeElement).toBe(button(container, 'Edit Corner Grocery'));

    await click(button(container, 'Edit Corner Grocery'));
    expect(input(container, 'Shop name')?.value).toBe('Corner Grocery');
    await click(button(container, 'Cancel editing Corner Grocery'));
    expect(input(container, 'Shop name')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('leaves edit mode without sending when nothing changed', async () => {
    const onSave = vi.fn(async () => true);
    view = await renderElement(<ShopRow onSave={onSave} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    press(input(container, 'Email')!, 'Enter');
    await waitFor(() => expect(input(container, 'Email')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the save fails', async () => {
    view = await renderElement(<ShopRow onSave={async () => false} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    typeInto(input(container, 'Shop name')!, 'Corner Mart');
    press(input(container, 'Shop name')!, 'Enter');
    await waitFor(() => expect(button(container, 'Save Corner Grocery').disabled).toBe(false));
    expect(input(container, 'Shop name')?.value).toBe('Corner Mart');
  });

  it('waits while saving: Save says so and the inputs cannot change', async () => {
    let finish: (saved: boolean) => void = () => {};
    view = await renderElement(<ShopRow onSave={() => new Promise((resolve) => (finish = resolve))} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    typeInto(input(container, 'Shop name')!, 'Corner Mart');
    await click(button(container, 'Save Corner Grocery'));
    expect(button(container, 'Save Corner Grocery').textContent).toBe('Saving…');
    expect(button(container, 'Save Corner Grocery').disabled).toBe(true);
    expect(input(container, 'Shop name')?.readOnly).toBe(true);
    await waitFor(() => finish(true));
    await waitFor(() => expect(input(container, 'Shop name')).toBeNull());
  });

  it('shows the check’s messages beside the inputs and sends nothing while any shows', async () => {
    const onSave = vi.fn(async () => true);
    const validate = (draft: Draft<Field>) => ({ email: draft.email.includes('@') ? null : 'Invalid! email id!' });
    view = await renderElement(<ShopRow onSave={onSave} validate={validate} />);
    const { container } = view;
    await click(button(container, 'Edit Corner Grocery'));
    typeInto(input(container, 'Email')!, 'nope');
    press(input(container, 'Email')!, 'Enter');
    const email = input(container, 'Email')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Invalid! email id!');
    expect(onSave).not.toHaveBeenCalled();
    typeInto(email, 'nope@corner.example');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('can leave out Edit for a row the viewer may not change', async () => {
    view = await renderElement(
      <table>
        <tbody>
          <EditableRow name="Aisha" editable={false} values={{ userName: 'Aisha' }} onSave={async () => true} cells={[{ id: 'name', view: 'Aisha' }]} actions={<span>Admin</span>} />
        </tbody>
      </table>,
    );
    expect(view.container.querySelectorAll('button')).toHaveLength(0);
    expect(view.container.textContent).toBe('AishaAdmin');
  });

  it('can open the row with its actions, before and while editing', async () => {
    view = await renderElement(
      <table>
        <tbody>
          <EditableRow
            name="Aisha"
            actionsFirst
            values={{ userName: 'Aisha' }}
            onSave={async () => true}
            cells={[
              { id: 'no', view: 1 },
              { id: 'name', view: 'Aisha', edit: { field: 'userName', label: 'Name' } },
            ]}
          />
        </tbody>
      </table>,
    );
    const { container } = view;
    const cellClasses = () => [...container.querySelectorAll('td')].map((td) => td.className);
    expect(cellClasses()).toEqual(['data-table__actions', '', '']);
    expect(container.querySelector('td')?.contains(button(container, 'Edit Aisha'))).toBe(true);
    await click(button(container, 'Edit Aisha'));
    expect(cellClasses()).toEqual(['data-table__actions', '', '']);
    expect(container.querySelector('td')?.contains(button(container, 'Save Aisha'))).toBe(true);
    expect(document.activeElement).toBe(input(container, 'Name'));
  });
});

describe('inline-edit row with a choice', () => {
  it('edits a field as a select of its options, saved like the inputs', async () => {
    const onSave = vi.fn(async () => true);
    view = await renderElement(
      <table>
        <tbody>
          <EditableRow
            name="Cola"
            values={{ productName: 'Cola', category: 'cat-1' }}
            onSave={onSave}
            cells={[
              { id: 'name', view: 'Cola', edit: { field: 'productName', label: 'Product name' } },
              {
                id: 'category',
                view: 'Drinks',
                edit: { field: 'category', label: 'Category', options: [{ value: 'cat-1', label: 'Drinks' }, { value: 'cat-2', label: 'Snacks' }] },
              },
            ]}
          />
        </tbody>
      </table>,
    );
    const { container } = view;
    await click(button(container, 'Edit Cola'));
    const select = container.querySelector<HTMLSelectElement>('select[aria-label="Category"]')!;
    expect(select.value).toBe('cat-1');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Drinks', 'Snacks']);
    expect(document.activeElement).toBe(input(container, 'Product name'));
    act(() => {
      select.value = 'cat-2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    press(select, 'Enter');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ productName: 'Cola', category: 'cat-2' }));
  });

  it('cancels from the select with Escape', async () => {
    const onSave = vi.fn(async () => true);
    view = await renderElement(
      <table>
        <tbody>
          <EditableRow
            name="Cola"
            values={{ category: 'cat-1' }}
            onSave={onSave}
            cells={[{ id: 'category', view: 'Drinks', edit: { field: 'category', label: 'Category', options: [{ value: 'cat-1', label: 'Drinks' }] } }]}
          />
        </tbody>
      </table>,
    );
    await click(button(view.container, 'Edit Cola'));
    const select = view.container.querySelector('select')!;
    expect(document.activeElement).toBe(select);
    press(select, 'Escape');
    expect(view.container.querySelector('select')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('email text', () => {
  it('reads as the address, with places to wrap before the @ and after dots', async () => {
    view = await renderElement(<p><EmailText email="chen.long@corner.example" /></p>);
    expect(view.container.textContent).toBe('chen.long@corner.example');
    expect(view.container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
