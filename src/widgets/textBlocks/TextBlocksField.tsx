import { getUiOptions, type ErrorSchema, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../engine/form/FieldError';
import { confirmDeletion } from '../../engine/notify/confirmDeletion';
import './textBlocks.css';
import type { TextBlocksOptions } from '../../../common/widgetOptions/textBlocks';

/** One block: its id (null until saved), its text and its group (`textType`). */
type Block = { id?: number | null; text?: string } & Record<string, unknown>;

const messagesAt = (errorSchema: ErrorSchema | undefined, index: number, field: string): string[] =>
  ((errorSchema as Record<string, Record<string, { __errors?: string[] }> | undefined> | undefined)?.[index]?.[field]?.__errors ?? []).map(String);

/**
 * An array of text blocks (`[{ id, text, <groupField> }]`) shown by group, each group under its
 * title with its blocks in order: one textarea a block, an add button a group (a new block: id
 * null, empty text) and a delete button a block, after a confirmation. The array holds the blocks
 * shown; a deleted block leaves it (the screen tells the server from the record it loaded). The
 * errors of a block (`<field>.<index>.text`, `.id`) show under it.
 */
export function TextBlocksField({ formData, onChange, errorSchema, schema, uiSchema, fieldPathId, disabled, readonly }: FieldProps) {
  const { t } = useTranslation();
  const options = getUiOptions(uiSchema) as TextBlocksOptions;
  const groupField = options.groupField ?? 'type';
  const itemSchema = (schema.items ?? {}) as RJSFSchema;
  const groups = (((itemSchema.properties?.[groupField] ?? {}) as RJSFSchema).enum ?? []).map(String);
  if (groups.length === 0) throw new Error(`textBlocks: the items of "${fieldPathId.$id}" have no "${groupField}" enum to group by`);
  const blocks = (Array.isArray(formData) ? formData : []) as Block[];
  const locked = disabled || readonly;
  const id = fieldPathId.$id;
  const groupLabel = (group: string) => t(options.groupLabels?.[group] ?? group);

  const change = (next: Block[]) => onChange(next, fieldPathId.path);
  const add = (group: string) => change([...blocks, { id: null, text: '', [groupField]: group }]);
  const edit = (index: number, text: string) => change(blocks.map((block, i) => (i === index ? { ...block, text } : block)));
  const askRemove = (index: number) => confirmDeletion({ accept: () => change(blocks.filter((_, i) => i !== index)) });

  return (
    <div className="text-blocks" id={id}>
      {groups.map((group) => {
        const inGroup = blocks.map((block, index) => ({ block, index })).filter(({ block }) => block[groupField] === group);
        const headingId = `${id}-${group}`;
        return (
          <section key={group} className="text-blocks-group" aria-labelledby={headingId} data-group={group}>
            <div className="text-blocks-header">
              <h3 id={headingId} className="text-blocks-title">
                {groupLabel(group)}
              </h3>
              {!locked && (
                <Button
                  type="button"
                  icon="pi pi-plus"
                  size="small"
                  outlined
                  label={t(options.addLabel ?? 'widgets.textBlocks.add')}
                  aria-label={t('widgets.textBlocks.addTo', { group: groupLabel(group) })}
                  onClick={() => add(group)}
                />
              )}
            </div>
            {inGroup.length === 0 ? <p className="text-blocks-empty">{t('widgets.textBlocks.empty')}</p> : null}
            {inGroup.map(({ block, index }, n) => {
              const messages = [...messagesAt(errorSchema, index, 'text'), ...messagesAt(errorSchema, index, 'id')];
              const blockId = `${id}_${index}_text`;
              const label = t('widgets.textBlocks.block', { group: groupLabel(group), n: n + 1 });
              return (
                <div key={block.id ?? `new-${index}`} className="text-block">
                  <InputTextarea
                    id={blockId}
                    value={block.text ?? ''}
                    rows={options.rows ?? 4}
                    autoResize
                    disabled={locked}
                    aria-label={label}
                    aria-invalid={messages.length > 0 || undefined}
                    aria-describedby={messages.length ? `${blockId}-error` : undefined}
                    className={messages.length ? 'p-invalid w-full' : 'w-full'}
                    onChange={(e) => edit(index, e.target.value)}
                  />
                  {!locked && (
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      rounded
                      text
                      severity="danger"
                      aria-label={t('widgets.textBlocks.remove', { block: label })}
                      onClick={() => askRemove(index)}
                    />
                  )}
                  <FieldError id={`${blockId}-error`} messages={messages.length ? messages : undefined} />
                </div>
              );
            })}
          </section>
        );
      })}
      <FieldError messages={(errorSchema as { __errors?: string[] } | undefined)?.__errors} />
    </div>
  );
}
