import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_BUDGETS, FIRST_PAGES, weighFirstPage } from '../../scripts/firstPageBytes.js';

const CLIENT_DIR = path.resolve('dist/client');

/** The built files' weight, not a time: a page grows past its budget only when its code does. */
describe('the login page’s first scripts (built files, Brotli as sent)', () => {
  const login = weighFirstPage(
    CLIENT_DIR,
    FIRST_PAGES.find((page) => page.html === 'login.html')!,
  );

  it(`stay within ${FIRST_PAGE_BUDGETS.loginScripts / 1000} kB`, () => {
    expect(login.scripts, login.files.map(({ file, bytes }) => `${bytes} ${file}`).join('\n')).toBeLessThanOrEqual(FIRST_PAGE_BUDGETS.loginScripts);
  });

  it('hold React, the strings and the form, not the app’s shell (its router and PrimeReact’s components)', () => {
    const scripts = login.files.map(({ file }) => file).filter((file) => file.endsWith('.js'));
    expect(scripts.some((file) => /\/react-[\w-]+\.js$/.test(file))).toBe(true);
    expect(scripts.filter((file) => /\/(ui|index|datatable|useFormController)[-.]/.test(file))).toEqual([]);
  });
});
