import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { fullnamesText, readingSheetText, relationNameText, userEmailText, userWithCompanyText } from '../../../common/cellText';
import type { CellProps } from '../../engine/registries';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';

/** A user's name followed by their company in brackets (`Ann Smith (Acme)`); a dash when none. */
export function UserWithCompanyCell({ value }: CellProps) {
  return <>{userWithCompanyText(value) || '-'}</>;
}

/**
 * A user's e-mail address; a dash when none. It never breaks inside a word: a long one goes to a
 * second line at its `@` (`ann.lee` / `@north-films.test`), and a part still wider than its
 * column's room ends in an ellipsis, the whole address shown on hover (and read in full).
 */
export function UserEmailCell({ value }: CellProps) {
  const email = userEmailText(value);
  if (!email) return <>-</>;
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <span className="cell-email" title={email}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="cell-email-part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
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
