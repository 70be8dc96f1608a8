// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, press, renderElement, typeInto } from '../../test/render';
import { SearchBox } from './search-box';

let view: Awaited<ReturnType<typeof renderElement>> | undefined;
afterEach(() => view?.unmount());

function Search() {
  const [text, setText] = useState('');
  return (
    <>
      <SearchBox label="Search shops" value={text} onValueChange={setText} />
      <output>{text}</output>
    </>
  );
}

describe('search box', () => {
  it('is a labelled search field; the clear button and Escape empty it', async () => {
    view = await renderElement(<Search />);
    const { container } = view;
    const input = container.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search shops');
    expect(() => button(container, 'Clear search')).toThrow();
    typeInto(input, 'corner');
    expect(container.querySelector('output')?.textContent).toBe('corner');
    await click(button(container, 'Clear search'));
    expect(container.querySelector('output')?.textContent).toBe('');
    expect(document.activeElement).toBe(input);
    typeInto(input, 'mvr');
    press(input, 'Escape');
    expect(container.querySelector('output')?.textContent).toBe('');
  });
});
