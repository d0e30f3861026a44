import { i18nKey } from '../screenDefinition.js';

const tab = {
  type: 'object',
  required: ['label', 'fields'],
  additionalProperties: false,
  properties: { label: i18nKey, fields: { type: 'array', items: { type: 'string' } } },
} as const;

/**
 * `ui:options` of a form's root UI schema besides those of any field: its tabs, each with the
 * top-level fields it shows and, optionally, sub-tabs (src/engine/form/errorRouting.ts formTabs).
 * With tabs, a field in no tab is not shown: the check refuses it unless it is hidden.
 */
export const rootOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tabs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label', 'fields'],
        additionalProperties: false,
        properties: { label: i18nKey, fields: { type: 'array', items: { type: 'string' } }, tabs: { type: 'array', items: tab } },
      },
    },
  },
} as const;
