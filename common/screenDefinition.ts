import type { FromSchema } from 'json-schema-to-ts';

/**
 * Names of the table cells the engine can render; the cell registry is a map keyed by this
 * union, so a name listed here without a component fails the type check.
 */
export const CELL_NAMES = [
  'text',
  'translatedName',
  'colorSwatch',
  'genre',
  'nullParent',
  'dash',
  'count',
  'date',
  'html',
  'bookStatus',
  'planRole',
  'userWithCompany',
  'userEmail',
  'readingSheetLink',
  'relationName',
  'requestStatus',
  'fullnames',
  'stars',
] as const;
export type CellName = (typeof CELL_NAMES)[number];

/** RJSF's own widgets, usable by name in any UI schema besides ours (the client's assertRegistered and the definition check). */
export const BUILT_IN_WIDGETS = [
  'text',
  'textarea',
  'select',
  'checkbox',
  'checkboxes',
  'radio',
  'password',
  'email',
  'uri',
  'updown',
  'range',
  'hidden',
] as const;

/** Names of the custom RJSF widgets (`ui:widget`) in the widget registry. */
export const WIDGET_NAMES = [
  'color',
  'readOnlyText',
  'treePicker',
  'remoteSelect',
  'richText',
  'fileUpload',
  'selectButton',
  'multiSelect',
  'treeMultiSelect',
  'monthPicker',
  'flag',
  'stars',
  'subsetSelect',
  'creatableSelect',
  'date',
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

/** Names of the custom RJSF fields (`ui:field`) in the field registry. */
export const FIELD_NAMES = [
  'translatable',
  'relatedTable',
  'variablesTable',
  'jsonCard',
  'fileList',
  'actionSwitch',
  'subscriptionPanel',
  'savedSearches',
  'userLibraries',
  'notice',
  'screenList',
  'recordLink',
  'textBlocks',
] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/**
 * Fields that only show something (the AI prompt's variables table, a notice, another screen's
 * list filtered on this record, a link to a related record): their property is neither sent nor
 * stored, nor returned by the server.
 */
export const DISPLAY_FIELDS: readonly FieldName[] = ['variablesTable', 'notice', 'screenList', 'recordLink'];

/** Filter controls a list's filter bar can show. */
export const FILTER_WIDGETS = ['select', 'multiSelect', 'treeSelect', 'month', 'stars', 'text'] as const;
export type FilterWidget = (typeof FILTER_WIDGETS)[number];

/** Menu groups, in the order the left menu shows them. */
export const MENU_GROUPS = ['main', 'catalogue', 'directory', 'subscribers', 'editorial', 'reference', 'settings'] as const;

export const i18nKey = { type: 'string', pattern: '^[a-zA-Z][\\w-]*(\\.[\\w-]+)+$', description: 'A key of src/i18n/locales/*.json' } as const;
const route = {
  type: 'object',
  required: ['path', 'name'],
  additionalProperties: false,
  properties: {
    path: { type: 'string', pattern: '^/[a-z0-9/:?-]*$' },
    name: { type: 'string', pattern: '^[a-zA-Z][\\w-]*$' },
  },
} as const;
/** Where a select or filter takes its options (`ui:options.source`, a filter's `options`). */
export const optionSourceSchema = {
  description: 'Where a select or filter takes its options: an API list or a fixed list.',
  type: 'object',
  additionalProperties: false,
  properties: {
    api: { type: 'string', description: 'List endpoint under admin/, e.g. "genres" or "utilities/book-statuses"' },
    perPage: { type: 'integer', minimum: 1, maximum: 1000 },
    valueField: { type: 'string', default: 'id' },
    labelField: { type: 'string', default: 'name' },
    parentField: { type: 'string', description: 'Builds a tree from this parent-id field' },
    searchParam: { type: 'string', description: 'Query parameter for remote search' },
    labelKeys: {
      type: 'string',
      description:
        'i18n prefix of the labels: a row whose label is `vip` shows the text of `<labelKeys>.vip` when that key exists, else `vip` as the server sends it',
    },
    idsParam: {
      type: 'string',
      description:
        'Query parameter of an option list that answers the given ids first (`ids` of books/options, users/user-options-list): a picker asks its current value this way, as such lists have no `{api}/{id}` route',
    },
    static: {
      type: 'array',
      items: {
        type: 'object',
        required: ['value', 'label'],
        additionalProperties: false,
        properties: { value: { type: ['string', 'integer'] }, label: i18nKey },
      },
    },
  },
} as const;

/** A list column (`list.columns[]`, a related table's `ui:options.columns[]`). */
export const listColumnSchema = {
  type: 'object',
  required: ['field', 'header'],
  additionalProperties: false,
  properties: {
    field: { type: 'string' },
    header: i18nKey,
    cell: { enum: CELL_NAMES, default: 'text' },
    width: { type: 'string' },
    labelKeys: {
      type: 'string',
      description:
        'i18n prefix of the values: a cell whose value is `report` shows the text of `<labelKeys>.report` when that key exists, else `report` as the server sends it',
    },
    stackBelow: {
      type: 'integer',
      minimum: 1,
      description:
        "List width in pixels below which this column shows under the previous one (its header under that column's header, its value under that column's value in the same row): fewer, wider columns on a narrow window, every value and row action still in view",
    },
  },
} as const;

/** What a bulk action does to each chosen row: deletes it, or sets one of its fields. */
export const BULK_ACTIONS = ['set', 'delete'] as const;

/**
 * An action on many rows of a list at once (`list.bulkActions[]`, docs/bulk-actions.md): each row
 * goes through its ordinary save or delete, its refusal reported by row. A `set` names the field
 * and either the value every row gets (`value`: a 'Validate' button) or where the values offered
 * come from (`options`: a select), and may `ask` for a second field when the chosen option says so
 * (a request's commentary for a status that needs one).
 */
const bulkActionSchema = {
  type: 'object',
  required: ['name', 'action', 'label', 'confirm'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$', description: "The action's key in its list, unique among them" },
    action: { enum: BULK_ACTIONS, description: '`delete` each chosen row, or `set` one field of each' },
    field: { type: 'string', description: '`set`: the field each row gets the value in' },
    value: { type: ['string', 'integer', 'boolean'], description: '`set`: the value every row gets (no value is asked)' },
    options: { ...optionSourceSchema, description: '`set`: where the values offered come from (a select of them)' },
    ask: {
      type: 'object',
      required: ['field', 'when', 'label'],
      additionalProperties: false,
      description: '`set`: a second field asked along with the value when the chosen option has the flag `when` (a commentary the status requires)',
      properties: {
        field: { type: 'string' },
        when: { type: 'string', description: "The chosen option's field that, when true, asks for it" },
        label: i18nKey,
      },
    },
    label: i18nKey,
    confirm: { ...i18nKey, description: 'The question before the action runs; `{{count}}` is the number of rows' },
  },
} as const;

/**
 * The version of the screen meta-schema this product writes and reads. A definition says the
 * version it was written for (`$schemaVersion`, 1 when absent); an older one is brought up to
 * date when read (common/upgradeDefinition.ts), never refused.
 */
export const SCREEN_SCHEMA_VERSION = 1;

/** JSON Schema of a screen definition (`schemas/*.screen.json`); `schemas/screen.schema.json` is written from it. */
export const screenMetaSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'screen.schema.json',
  title: 'Screen definition',
  type: 'object',
  required: ['resource', 'api', 'title', 'routes', 'permissions'],
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    $schemaVersion: { type: 'integer', minimum: 1, maximum: SCREEN_SCHEMA_VERSION, description: 'The meta-schema version the definition is written for' },
    resource: { type: 'string', pattern: '^[a-z][a-z-]*$', description: 'Resource name; the file is <resource>.screen.json' },
    api: { type: 'string', pattern: '^[a-z][a-z0-9/-]*$', description: 'Endpoint under /api/admin/' },
    title: i18nKey,
    menu: {
      type: 'object',
      required: ['group', 'label', 'icon'],
      additionalProperties: false,
      properties: {
        group: { enum: MENU_GROUPS },
        label: i18nKey,
        icon: { type: 'string', pattern: '^pi pi-[a-z-]+$' },
        order: { type: 'integer' },
      },
    },
    routes: {
      type: 'object',
      required: ['list'],
      additionalProperties: false,
      properties: {
        list: route,
        form: route,
        highlight: { type: 'string', description: 'Menu path highlighted on these routes (defaults to the list path)' },
      },
    },
    permissions: {
      type: 'object',
      required: ['create', 'edit', 'delete'],
      additionalProperties: false,
      properties: {
        create: { type: 'boolean' },
        edit: { type: 'boolean' },
        delete: { type: 'boolean' },
        deleteWhen: { type: 'string', description: 'Row field that must be true for the delete button to show' },
      },
    },
    list: {
      type: 'object',
      required: ['columns'],
      additionalProperties: false,
      properties: {
        title: i18nKey,
        search: {
          type: 'object',
          required: ['param', 'placeholder'],
          additionalProperties: false,
          properties: { param: { type: 'string' }, placeholder: i18nKey },
        },
        columns: {
          type: 'array',
          minItems: 1,
          items: listColumnSchema,
        },
        columnChoices: {
          type: 'array',
          items: listColumnSchema,
          description:
            "The other columns a person may add with the list's Columns button, each labelled and with its cell, in the order offered after the screen's own columns (`columns`, always offered); no other field of the rows is offered. A saved view and an export take these columns and the screen's own (docs/saved-views.md)",
        },
        countLabel: {
          ...i18nKey,
          description:
            "How the list says how many rows match, beside its paginator: a text said with `{{count, number}}`, with its plural forms (`<key>_one`, `<key>_other`: '1 reading sheet', '1,234 reading sheets'); past the list's count bound it reads 'More than 10,000 reading sheets'. Without it the list says '1,234 rows'",
        },
        filters: {
          type: 'array',
          items: {
            type: 'object',
            required: ['param', 'label', 'widget'],
            additionalProperties: false,
            properties: {
              param: { type: 'string' },
              label: i18nKey,
              widget: { enum: FILTER_WIDGETS },
              options: optionSourceSchema,
              more: {
                type: 'boolean',
                description:
                  "Behind the bar's 'More filters' button (which counts the active ones): a list with many filters keeps its most used ones in view; an active filter always shows as a chip",
              },
            },
          },
        },
        pageSizes: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 1000 }, minItems: 1 },
        defaultPageSize: { type: 'integer', minimum: 1, maximum: 1000 },
        bulkActions: {
          type: 'array',
          items: bulkActionSchema,
          description: 'Actions on the rows chosen with the checkboxes, or on every row the list matches',
        },
      },
    },
    form: {
      type: 'object',
      required: ['schema'],
      additionalProperties: false,
      properties: {
        title: {
          type: 'object',
          additionalProperties: false,
          properties: { create: i18nKey, edit: i18nKey, view: i18nKey },
        },
        submitLabel: {
          type: 'object',
          additionalProperties: false,
          properties: { create: i18nKey, edit: i18nKey },
        },
        schema: {
          type: 'object',
          description:
            'JSON Schema (draft-07) of the record; the server validates saves with it. An object with `"translations": <schema>` has one such property per locale (common/expandTranslations.ts)',
        },
        uiSchema: { type: 'object', description: 'RJSF UI schema: order, widgets by registered name, labels as i18n keys' },
        bespoke: {
          type: 'boolean',
          default: false,
          description:
            'The form route is served by a bespoke screen (src/screens) rather than the generic form; the server still validates saves with this schema',
        },
        afterCreate: { enum: ['list', 'edit'], default: 'list' },
        afterUpdate: { enum: ['stay', 'list'], default: 'stay', description: 'Where a successful update goes: stay on the form, or back to the list' },
        method: {
          enum: ['post', 'put'],
          default: 'post',
          description: 'HTTP method of an update (`{api}/{id}`); a create is always POST `{api}`',
        },
        multipart: {
          type: 'boolean',
          default: false,
          description: 'Saves are sent as multipart form data (the files of `fileUpload` widgets with the text fields)',
        },
      },
    },
  },
} as const;

/** A screen definition, as `schemas/*.screen.json` declares it. */
export type ScreenDefinition = FromSchema<typeof screenMetaSchema>;
export type ListColumn = NonNullable<ScreenDefinition['list']>['columns'][number];
export type ListFilter = NonNullable<NonNullable<ScreenDefinition['list']>['filters']>[number];
export type OptionSource = NonNullable<ListFilter['options']>;

/** A bulk action of a list (`list.bulkActions[]`). */
export type BulkAction = NonNullable<NonNullable<ScreenDefinition['list']>['bulkActions']>[number];
