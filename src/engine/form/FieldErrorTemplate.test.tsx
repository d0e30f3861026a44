import { cleanup, render, screen } from '@testing-library/react';
import type { FieldErrorProps } from '@rjsf/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldErrorTemplate } from './FieldErrorTemplate';

const props = (uiSchema: FieldErrorProps['uiSchema']) =>
  ({
    errors: ['The date field is required.', 'The date format is invalid.'],
    fieldPathId: { $id: 'root_date', path: ['date'] },
    uiSchema,
  }) as unknown as FieldErrorProps;

afterEach(cleanup);

describe('FieldErrorTemplate', () => {
  it('writes a field’s messages one a line', () => {
    render(<FieldErrorTemplate {...props(undefined)} />);
    expect(screen.getByRole('alert').textContent).toBe('The date field is required.\nThe date format is invalid.');
  });

  it('joins them with `errorsJoin` when the field asks (a reporter’s title and date: one space)', () => {
    render(<FieldErrorTemplate {...props({ 'ui:options': { errorsJoin: ' ' } })} />);
    expect(screen.getByRole('alert').textContent).toBe('The date field is required. The date format is invalid.');
  });
});
