import { Link } from 'react-router-dom';
import { fullnamesText, readingSheetText, relationNameText, userEmailText, userWithCompanyText } from '../../../common/cellText';
import type { CellProps } from '../../engine/registries';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';


/** A user's name followed by their company in brackets (`Ann Smith (Acme)`); a dash when none. */
export function UserWithCompanyCell({ value }: CellProps) {
  return <>{userWithCompanyText(value) || '-'}</>;
}

/** A user's e-mail address; a dash when none. */
export function UserEmailCell({ value }: CellProps) {
  const email = userEmailText(value);
  // A long address wraps anywhere rather than widening the table past the status select.
  return email ? <span className="cell-email">{email}</span> : <>-</>;
}

/**
 * A reading sheet as a link to its editor (route readingSheets-save): its original title and
 * authors. A click follows the link only, not the row it sits in.
 */
export function ReadingSheetLinkCell({ value }: CellProps) {
  const book = value as { id?: number } | null | undefined;
  if (!book?.id) return <>-</>;
  return (
    <Link to={formPath(routePathByName('readingSheets-save'), book.id)} className="cell-link" onClick={(event) => event.stopPropagation()}>
      {readingSheetText(book)}
    </Link>
  );
}

/** A related record shown by its `name` (`{ id, name }`: a request's type); a dash when none. */
export function RelationNameCell({ value }: CellProps) {
  return <>{relationNameText(value) || '-'}</>;
}

/** Users as a comma-separated list of full names (`[{ id, fullname }]`: a reporter's users); a dash when none. */
export function FullnamesCell({ value }: CellProps) {
  return <>{fullnamesText(value) || '-'}</>;
}
