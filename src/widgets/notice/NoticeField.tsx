import type { FieldProps } from '@rjsf/utils';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import type { NoticeOptions } from '../../../common/widgetOptions/notice';

/** A message in place of a part of the page (`ui:options.message`, a label key): a display field, its property neither sent nor stored. */
export function NoticeField({ uiSchema }: FieldProps) {
  const { t } = useTranslation();
  const message = String((uiSchema?.['ui:options'] as Partial<NoticeOptions> | undefined)?.message ?? '');
  return <Message className="notice-field" severity="info" text={t(message)} />;
}
