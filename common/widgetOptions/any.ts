import { i18nKey } from '../screenDefinition.js';

/**
 * `ui:options` any field takes, whatever its widget or field: read by the engine's templates
 * (src/engine/form/templates.tsx, visibility.ts, FieldErrorTemplate.tsx) or by RJSF's own for
 * every field. The list ones (`addLabel`, `keepOne`, `orderable`…) act on arrays the engine's
 * array template shows; the check refuses an `addLabel` no add button shows.
 */
export const anyFieldOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    visibleWhen: {
      type: 'object',
      required: ['field'],
      additionalProperties: false,
      description: 'Shown only while another top-level field has this value (or one of these)',
      properties: { field: { type: 'string' }, equals: {}, in: { type: 'array' } },
    },
    errorsJoin: { type: 'string', description: "The field's messages joined by this text instead of one a line" },
    title: { type: 'string' },
    description: { type: 'string' },
    help: { type: 'string' },
    placeholder: { type: 'string' },
    label: { type: 'boolean', description: 'false hides the label' },
    classNames: { type: 'string' },
    style: { type: 'object' },
    disabled: { type: 'boolean' },
    readonly: { type: 'boolean' },
    autofocus: { type: 'boolean' },
    autocomplete: { type: 'string' },
    hideError: { type: 'boolean' },
    addLabel: { ...i18nKey, description: "Words of a list's add button" },
    keepOne: { type: 'boolean', description: "A list's last item cannot be removed" },
    orderable: { type: 'boolean' },
    addable: { type: 'boolean' },
    removable: { type: 'boolean' },
    copyable: { type: 'boolean' },
  },
} as const;
