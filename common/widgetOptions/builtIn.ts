/**
 * `ui:options` of RJSF's own widgets (`text`, `textarea`, `password`, `select`…, and the default
 * widget of a field naming none), as the PrimeReact theme reads them.
 */
export const builtInWidgetOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    rows: { type: 'integer', minimum: 1, description: 'Rows of a textarea' },
    inputType: { type: 'string', description: 'type attribute of the input' },
    emptyValue: { description: 'Value of an emptied input' },
    enumNames: { type: 'array', items: { type: 'string' } },
    enumDisabled: { type: 'array' },
    prime: { type: 'object', description: "Props handed to the PrimeReact input (a password's toggleMask, feedback)" },
    allowClearTextInputs: { type: 'boolean' },
    accept: { type: 'string' },
    filePreview: { type: 'boolean' },
    hideNowButton: { type: 'boolean' },
    hideClearButton: { type: 'boolean' },
  },
} as const;
