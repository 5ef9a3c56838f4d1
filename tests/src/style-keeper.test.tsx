import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import StyleKeeper from '../../src/layouts/StyleKeeper.tsx';

afterEach(cleanup);

/** The kept components are never seen, focused or read out; their styles are there for the forms opened later. */
describe('StyleKeeper', () => {
  it('is hidden and inert, and has the form components’ styles injected', () => {
    const { getByTestId } = render(<StyleKeeper />);
    const box = getByTestId('style-keeper');
    expect(box.hidden).toBe(true);
    expect(box.hasAttribute('inert')).toBe(true);
    expect(box.getAttribute('aria-hidden')).toBe('true');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
    for (const cls of ['.ant-form', '.ant-select', '.ant-input-number', '.ant-col', '.ant-picker']) expect(css, cls).toContain(cls);
  });
});
