import type { FromSchema } from 'json-schema-to-ts';
import { i18nKey } from '../screenDefinition.js';

/** `ui:options` of the actionSwitch field: a switch calling a route. */
export const actionSwitchOptions = {
  type: 'object',
  additionalProperties: false,
  required: ['action', 'onLabel', 'offLabel'],
  properties: {
    action: { type: 'string', description: 'Route the switch calls, {id} replaced by the record id' },
    onLabel: i18nKey,
    offLabel: i18nKey,
  },
} as const;

export type ActionSwitchOptions = FromSchema<typeof actionSwitchOptions>;
