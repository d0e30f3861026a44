import { Paginator } from 'primereact/paginator';
import { useTranslation } from 'react-i18next';
import type { ListController } from './useListController';

/**
 * The paginator of a list past its count bound (`controller.exact` false): the total is only known
 * to exceed `controller.total` (the count beside it says 'More than 10,000 …'), so it offers the
 * first, previous and next pages, the page it is at and the page size, and pages by cursor (`next`/`previous`), which reaches any depth at the cost of one page.
 * PrimeReact's own paginator draws it (same look, labels and keyboard), told there is one page
 * more while the server says so.
 */
export function CursorPaginator({ controller }: { controller: ListController }) {
  const { t, i18n } = useTranslation();
  const { page, perPage } = controller;
  return (
    <Paginator
      className="cursor-paginator"
      template="FirstPageLink PrevPageLink CurrentPageReport NextPageLink RowsPerPageDropdown"
      first={(page - 1) * perPage}
      rows={perPage}
      totalRecords={(controller.hasNext ? page + 1 : page) * perPage}
      rowsPerPageOptions={controller.pageSizes}
      currentPageReportTemplate={t('list.boundedPage', { page: page.toLocaleString(i18n.language) })}
      onPageChange={(e) => {
        if (e.rows !== perPage) controller.setPage(1, e.rows);
        else if (e.page === 0) controller.first();
        else if (e.page + 1 > page) controller.next();
        else controller.previous();
      }}
    />
  );
}
