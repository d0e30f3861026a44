import { useTranslation } from 'react-i18next';
import type { ListController } from './useListController';

/** The count's words when a screen declares none (`list.countLabel`). */
const DEFAULT_COUNT_LABEL = 'list.count';

export interface ResultCountProps {
  controller: Pick<ListController, 'total' | 'exact' | 'loading' | 'error'>;
  /**
   * The i18n key of the count (a screen's `list.countLabel`), said with `count` in its plural
   * forms: '1 reading sheet', '1,234 reading sheets'. 'N rows' when absent.
   */
  label?: string | undefined;
}

/**
 * How many rows the list matches, in words, beside its paginator: '1,234 reading sheets', or
 * 'More than 10,000 reading sheets' past the list's count bound (`controller.exact` false). Said
 * again to a screen reader when a search or filter changes it. Nothing while the list loads, when
 * it failed, or when nothing matches (the table says so).
 */
export function ResultCount({ controller, label = DEFAULT_COUNT_LABEL }: ResultCountProps) {
  const { t } = useTranslation();
  const { total, exact } = controller;
  const words =
    controller.loading || controller.error || total === 0 ? '' : exact ? t(label, { count: total }) : t('list.countMore', { rows: t(label, { count: total }) });
  return (
    <p className="list-count" role="status">
      {words}
    </p>
  );
}
